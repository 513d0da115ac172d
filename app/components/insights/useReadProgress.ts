import { useEffect } from "react";
import { api } from "~/lib/api";

/** How often a reader's page reports its progress while it is visible. */
export const READ_PROGRESS_EVERY_MS = 15_000;

export interface ReadProgressTarget {
  articleId: number | undefined;
  /** Left out on the public page: the API finds the workspace from the document. */
  workspaceId?: number;
  articlePassword?: string | null;
  /** The element holding the document's words: how far down it the reader has seen is the scroll depth. */
  body: () => Element | null;
}

/** How much of `element` has been above the bottom of the window, 0 to 1. */
function seenDepth(element: Element | null): number {
  if (!element) return 0;
  const rect = element.getBoundingClientRect();
  if (rect.height <= 0) return 1;
  return Math.min(1, Math.max(0, (window.innerHeight - rect.top) / rect.height));
}

/**
 * Reports how long the page has been read (seconds while visible) and how far down it the
 * reader got, as `articles.read_progress`: every 15 s while the tab is visible and something
 * moved on, and once more when the tab is hidden or left (`pagehide`). That last report uses
 * a keepalive request, which like navigator.sendBeacon outlives the page but also carries the
 * client's headers (the document's password, the anonymous visitor's id), which a beacon
 * cannot. The API keeps one row per reader-session with the furthest figures; failures only
 * lose a report, so they are ignored.
 */
export function useReadProgress({ articleId, workspaceId, articlePassword, body }: ReadProgressTarget) {
  useEffect(() => {
    if (!articleId) return;
    let seconds = 0;
    let depth = seenDepth(body());
    let visibleSince = document.visibilityState === "visible" ? Date.now() : null;
    let sent = { seconds: -1, depth: -1 };

    const elapsed = () => Math.round(seconds + (visibleSince === null ? 0 : (Date.now() - visibleSince) / 1000));
    const measure = () => {
      depth = Math.max(depth, seenDepth(body()));
    };
    const report = (keepalive: boolean) => {
      measure();
      const now = { seconds: Math.min(elapsed(), 24 * 3600), depth: Math.round(depth * 100) / 100 };
      if (now.seconds < 1 || (now.seconds <= sent.seconds && now.depth <= sent.depth)) return;
      sent = now;
      api
        .post(
          "/events",
          { event_name: "articles.read_progress", ...(workspaceId ? { workspace_id: workspaceId } : {}), article_id: articleId, properties: { seconds: now.seconds, scroll_depth: now.depth } },
          { articlePassword, keepalive },
        )
        .catch(() => undefined);
    };

    const onVisibility = () => {
      if (document.visibilityState === "visible") {
        visibleSince ??= Date.now();
        return;
      }
      if (visibleSince !== null) seconds += (Date.now() - visibleSince) / 1000;
      visibleSince = null;
      report(true);
    };
    const onPageHide = () => report(true);
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible") report(false);
    }, READ_PROGRESS_EVERY_MS);

    // Capture: the document may scroll inside the app's own scrolling area, not the window.
    document.addEventListener("scroll", measure, { capture: true, passive: true });
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", onPageHide);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("scroll", measure, { capture: true });
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", onPageHide);
      // Leaving for another page of the app: the last few seconds still count.
      report(true);
    };
  }, [articleId, workspaceId, articlePassword, body]);
}
