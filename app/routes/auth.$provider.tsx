import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { oauthAuthorizationUrl } from "../../worker/auth/oauth";
import { randomToken } from "../../worker/auth/secrets";
import { configuredProvider, oauthStateCookie } from "~/lib/oauth.server";
import { safeRedirectPath } from "~/lib/redirects";

/** "Continue with …": off to the provider, remembering (in an HttpOnly cookie) where to come back. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const provider = configuredProvider(context, params.provider);
  const url = new URL(request.url);
  const state = randomToken();
  const redirectTo = safeRedirectPath(url.searchParams.get("redirect_to"));
  return redirect(oauthAuthorizationUrl(context.cloudflare.env, provider, url.origin, state), {
    headers: { "Set-Cookie": oauthStateCookie(request, provider, state, redirectTo) },
  });
}
