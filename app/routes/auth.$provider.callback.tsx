import { redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { appleUserName } from "../../worker/auth/apple";
import { completeOAuth, OAuthLinkRequired, oauthProviders, type OAuthProvider } from "../../worker/auth/oauth";
import { issueSession } from "../../worker/auth/sessions";
import { createDb } from "../../worker/db/client";
import { HttpError } from "../../worker/lib/errors";
import { authStateFor } from "~/lib/auth-cookie";
import { clearedOAuthCookie, configuredProvider, oauthFailure, oauthLinkRequired, readOAuthState } from "~/lib/oauth.server";
import { authCookies, setCookieHeaders } from "~/lib/session.server";

interface ProviderAnswer {
  code: string | null;
  state: string | null;
  error: string | null;
  /** Apple's `user` JSON (first sign-in only): the person's name. */
  user?: string | null;
}

/** Sign in (or create the account) from the provider's answer, and go on to where the person was going. */
async function finish(request: Request, context: AppLoadContext, provider: OAuthProvider, answer: ProviderAnswer) {
  const { label } = oauthProviders[provider];
  if (answer.error) return oauthFailure(request, `${label} sign-in was cancelled.`);

  const saved = readOAuthState(request, provider, answer.state);
  if (!saved || !answer.code) return oauthFailure(request, `That ${label} sign-in link has expired. Try again.`);

  const { env } = context.cloudflare;
  const db = createDb(env.DB);
  try {
    const user = await completeOAuth(db, env, provider, answer.code, new URL(request.url).origin, { state: answer.state!, name: appleUserName(answer.user) });
    const { token } = await issueSession(db, env, user, {
      ip: request.headers.get("CF-Connecting-IP"),
      userAgent: request.headers.get("User-Agent"),
    });
    const headers = setCookieHeaders(authCookies(request, authStateFor(`Bearer ${token}`, user.lastWorkspaceId)), [clearedOAuthCookie(request)]);
    return redirect(saved.redirectTo, { headers });
  } catch (error) {
    if (error instanceof OAuthLinkRequired) {
      return oauthLinkRequired(request, provider, error.email, error.linkToken, saved.redirectTo);
    }
    if (error instanceof HttpError) return oauthFailure(request, error.message);
    throw error;
  }
}

/** The provider sends the browser back here with a code in the query (Google, LinkedIn, Microsoft). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const provider = configuredProvider(context, params.provider);
  if (oauthProviders[provider].callback !== "query") throw new Response("Not found", { status: 404 });
  const query = new URL(request.url).searchParams;
  return finish(request, context, provider, { code: query.get("code"), state: query.get("state"), error: query.get("error") });
}

/**
 * Apple answers with `response_mode=form_post`: a POST from appleid.apple.com carrying code,
 * state, id_token and, the first time, `user`. The Worker's door lets exactly this path's POST
 * through from another site (middleware/cookie-session); the state check below is its guard.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const provider = configuredProvider(context, params.provider);
  if (oauthProviders[provider].callback !== "form_post") throw new Response("Method not allowed", { status: 405 });
  const form = await request.formData();
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : null;
  };
  return finish(request, context, provider, { code: field("code"), state: field("state"), error: field("error"), user: field("user") });
}
