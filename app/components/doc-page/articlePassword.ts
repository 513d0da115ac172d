import { browserSession } from "~/lib/preferences";

/**
 * The password a person entered for a protected document, kept for this browser tab only
 * (session storage, per article) and sent as X-Article-Password by the API client. The
 * server side of the same password travels in an httpOnly cookie (doc-page.server.ts).
 */

const key = (articleId: number) => `brandwork.articlePassword.${articleId}`;

export function storedArticlePassword(articleId: number): string | null {
  return browserSession.read<string | null>(key(articleId), null, (value) => (typeof value === "string" ? value : null));
}

export function storeArticlePassword(articleId: number, password: string) {
  browserSession.write(key(articleId), password);
}

export function forgetArticlePassword(articleId: number) {
  browserSession.remove(key(articleId));
}

/** The API's answer when a protected document's password is missing or wrong. */
export function isPasswordProblem(body: unknown): boolean {
  const code = body && typeof body === "object" ? (body as { error?: unknown }).error : undefined;
  return code === "password_required" || code === "password_invalid";
}
