/**
 * Settings the browser needs from the server, rendered once into the document as
 * `window.ENV` by the root route. Only public values belong here.
 */
export interface ClientEnv {
  /** The API base; empty means this origin + "/v1". */
  API_BASE: string;
  /** A public Sentry DSN for browser error reports; empty means console only. */
  SENTRY_DSN: string;
  APP_ENV: string;
  /** Which social sign-in providers have an OAuth client configured. */
  OAUTH: Record<SocialProvider, boolean>;
}

export const socialProviders = ["google", "linkedin", "microsoft", "apple"] as const;
export type SocialProvider = (typeof socialProviders)[number];

declare global {
  interface Window {
    ENV?: ClientEnv;
  }
}

export function clientEnv(): ClientEnv | undefined {
  return typeof window === "undefined" ? undefined : window.ENV;
}

/** SPEC section 7: the configured API base, or the origin plus /v1. */
export function apiBase(configured: string | undefined, origin: string): string {
  const base = configured?.trim();
  return (base ? base : `${origin}/v1`).replace(/\/+$/, "");
}
