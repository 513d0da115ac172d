// Secrets and optional settings are not in wrangler.toml, so `wrangler types` cannot see
// them: set them with `wrangler secret put NAME` (deployed) or in .dev.vars (local).
// Every one is listed with its meaning in README "Configuration".
declare namespace Cloudflare {
  interface Env {
    /** Sentry DSN; error reporting is off when empty. */
    SENTRY_DSN?: string;
    /** Signs session tokens (HS256). Required in production; a fixed local default otherwise. */
    AUTH_SECRET?: string;
    /** Session lifetime in seconds; default 2592000 (30 days). */
    SESSION_TTL_SECONDS?: string;
    /** Signs collaboration tokens, shared with the PartyKit server. */
    COLLAB_TOKEN_SECRET?: string;
    /** Where browsers reach the PartyKit server (`host[:port]`), e.g. brandwork-collab.<user>.partykit.dev. */
    PARTYKIT_HOST?: string;
    /** Resend API key; with none, email is kept in the mail_outbox table (see /dev/outbox). */
    RESEND_API_KEY?: string;
    /** Sender address for email, e.g. "Brandwork <hello@example.com>". */
    MAIL_FROM?: string;
    /** Share of new registrations enrolled in the `new_registration` experiment; default 0.5. */
    NEW_REGISTRATION_PERCENTAGE?: string;
    /** The API base the browser calls; default this origin + "/v1". */
    API_BASE?: string;
    /** A public Sentry DSN for browser error reports; without it they go to the console. */
    PUBLIC_SENTRY_DSN?: string;
    /** Which AI provider writes: "offline" (default), "openai" (any OpenAI-compatible endpoint) or "workers-ai". */
    AI_PROVIDER?: string;
    /** The Workers AI binding, when `[ai] binding = "AI"` is added to wrangler.toml. */
    AI?: { run(model: string, inputs: Record<string, unknown>, options?: Record<string, unknown>): Promise<unknown> };
    /** Workers AI model, default @cf/meta/llama-3.1-8b-instruct. */
    WORKERS_AI_MODEL?: string;
    /** An OpenAI-compatible endpoint: base URL (…/v1), key and model. */
    OPENAI_BASE_URL?: string;
    OPENAI_API_KEY?: string;
    OPENAI_MODEL?: string;
    /** Speech-to-text model on the OpenAI-compatible endpoint, default whisper-1. */
    OPENAI_TRANSCRIBE_MODEL?: string;
    /** Time limit for one generation, in ms; default 90000. */
    AI_TIMEOUT_MS?: string;
    /** OAuth clients; an id and its secret together enable "Continue with …" on the sign-in page. */
    GOOGLE_CLIENT_ID?: string;
    GOOGLE_CLIENT_SECRET?: string;
    LINKEDIN_CLIENT_ID?: string;
    LINKEDIN_CLIENT_SECRET?: string;
    MICROSOFT_CLIENT_ID?: string;
    MICROSOFT_CLIENT_SECRET?: string;
    /** Sign in with Apple: the Services ID (the client id), the team id, and the Sign in with Apple key's id and .p8 contents (PKCS#8 PEM). All four enable the button. */
    APPLE_CLIENT_ID?: string;
    APPLE_TEAM_ID?: string;
    APPLE_KEY_ID?: string;
    APPLE_PRIVATE_KEY?: string;
    /** Apple's authorization server, default https://appleid.apple.com (tests and local fakes point elsewhere). */
    APPLE_AUTH_BASE?: string;
    /** The Cloudflare zone the app is served on; with CF_PURGE_TOKEN, public page changes are purged in every data centre. */
    CF_ZONE_ID?: string;
    /** An API token with the zone's "Cache Purge" permission. Without both, only the local data centre is purged. */
    CF_PURGE_TOKEN?: string;
    /** Encrypts social account credentials at rest (any long random string). Required in production. */
    CREDENTIALS_KEY?: string;
    /** JSON overrides of core/publishing/limits.ts per network, e.g. {"instagram":{"hashtags":5}}. */
    NETWORK_LIMITS?: string;
    /** The app's public origin, for links in emails sent outside a request (publishing); default http://localhost:8787. */
    APP_URL?: string;
    /** Stripe: the secret key (sk_…), the webhook endpoint's signing secret (whsec_…) and the price id of each paid plan. All five turn billing on. */
    STRIPE_SECRET_KEY?: string;
    STRIPE_WEBHOOK_SECRET?: string;
    STRIPE_PRICE_PRO_MONTHLY?: string;
    STRIPE_PRICE_PRO_ANNUAL?: string;
    STRIPE_PRICE_TEAM?: string;
    /** Another Stripe API host (a local fake, e.g. http://127.0.0.1:12111); unset in production. */
    STRIPE_API_BASE?: string;
    /** The plan of every workspace while billing is not configured: free, pro (default), pro_annual or team. */
    DEFAULT_PLAN?: string;
    /** Meta ads: a system user's access token with ads_management and the ad account's id (act_… or its number). Both offer that ad account beside the Sandbox ads account. */
    META_ADS_ACCESS_TOKEN?: string;
    META_AD_ACCOUNT_ID?: string;
    /** The Facebook Page Meta ads speak as (creatives need one). */
    META_ADS_PAGE_ID?: string;
    /** The Meta app's secret: when set, every Marketing API call carries its appsecret_proof. */
    META_APP_SECRET?: string;
  }
}
