import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { completeOAuth, OAuthLinkRequired, oauthProviders } from "../../worker/auth/oauth";
import { issueSession } from "../../worker/auth/sessions";
import { createDb } from "../../worker/db/client";
import { HttpError } from "../../worker/lib/errors";
import { authStateFor } from "~/lib/auth-cookie";
import { clearedOAuthCookie, configuredProvider, oauthFailure, oauthLinkRequired, readOAuthState } from "~/lib/oauth.server";
import { authCookies, setCookieHeaders } from "~/lib/session.server";

/** The provider sends the browser back here with a code: sign in (or create the account) and go on. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const provider = configuredProvider(context, params.provider);
  const { label } = oauthProviders[provider];
  const url = new URL(request.url);
  if (url.searchParams.get("error")) return oauthFailure(request, `${label} sign-in was cancelled.`);

  const saved = readOAuthState(request, provider, url.searchParams.get("state"));
  const code = url.searchParams.get("code");
  if (!saved || !code) return oauthFailure(request, `That ${label} sign-in link has expired. Try again.`);

  const { env } = context.cloudflare;
  const db = createDb(env.DB);
  try {
    const user = await completeOAuth(db, env, provider, code, url.origin);
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
