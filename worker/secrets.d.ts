// Secrets and optional settings are not in wrangler.toml, so `wrangler types` cannot see
// them: set them with `wrangler secret put NAME` (deployed) or in .dev.vars (local).
// Every one is listed with its meaning in README "Configuration".
declare namespace Cloudflare {
  interface Env {
    /** Sentry DSN; error reporting is off when empty. */
    SENTRY_DSN?: string;
  }
}
