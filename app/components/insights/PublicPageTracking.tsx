import { useEffect, useState } from "react";
import { api } from "~/lib/api";
import { storedArticlePassword } from "../doc-page/articlePassword";
import { useReadProgress } from "./useReadProgress";

/** Whether the browser loaded this page itself, rather than the app moving here from another of its pages. */
function landedHere(): boolean {
  const [entry] = performance.getEntriesByType("navigation");
  return !entry || !URL.canParse(entry.name) || new URL(entry.name).pathname === window.location.pathname;
}

/** Where the visitor came from, as an origin: the referring site for the page the tab loaded, this site after moving within it. */
function referrerOrigin(): string | undefined {
  if (!landedHere()) return window.location.origin;
  if (!document.referrer || !URL.canParse(document.referrer)) return undefined;
  const url = new URL(document.referrer);
  return url.protocol === "https:" || url.protocol === "http:" ? url.origin : undefined;
}

/**
 * A reading page that everyone sees the same (the public page comes from the edge cache):
 * the browser reports the view, with where the visitor came from, and then the read
 * progress. The API finds the document's workspace itself, so the page never names it.
 */
export function PublicPageTracking({ articleId, body }: { articleId: number; body: () => Element | null }) {
  const [password, setPassword] = useState<string | null | undefined>(undefined);
  useEffect(() => setPassword(storedArticlePassword(articleId)), [articleId]);

  useEffect(() => {
    if (password === undefined) return;
    const referrer = referrerOrigin();
    api
      .post("/events", { event_name: "articles.view", article_id: articleId, properties: referrer ? { referrer } : {} }, { articlePassword: password })
      .catch(() => undefined);
  }, [articleId, password]);

  useReadProgress({ articleId: password === undefined ? undefined : articleId, articlePassword: password, body });
  return null;
}
