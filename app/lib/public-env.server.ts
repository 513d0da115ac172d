import { oauthConfigured } from "../../worker/auth/oauth";
import type { ClientEnv } from "./client-env";

/** The public subset of the Worker's settings that the browser may see (window.ENV). */
export function publicEnv(env: Env): ClientEnv {
  return {
    API_BASE: env.API_BASE ?? "",
    SENTRY_DSN: env.PUBLIC_SENTRY_DSN ?? "",
    APP_ENV: env.APP_ENV,
    OAUTH: {
      google: oauthConfigured(env, "google"),
      linkedin: oauthConfigured(env, "linkedin"),
      microsoft: oauthConfigured(env, "microsoft"),
      apple: oauthConfigured(env, "apple"),
    },
  };
}
