import { useEffect } from "react";
import { api } from "~/lib/api";

export interface ViewTarget {
  workspaceId: number;
  /** The document opened (or `folderId` for a folder). */
  articleId?: number;
  folderId?: number;
  /** X-Article-Password for a protected document, when the reader has entered it. */
  articlePassword?: string | null;
}

/**
 * Records that this page's document or folder was viewed (POST /v1/events), once per item
 * per mount. Views feed "recent" and "frequently viewed"; the API counts one per person per
 * minute, and a failed beacon only means this view is not counted, so errors are ignored.
 */
export function useViewEvent({ workspaceId, articleId, folderId, articlePassword }: ViewTarget) {
  useEffect(() => {
    if (!articleId && !folderId) return;
    const controller = new AbortController();
    const body = articleId
      ? { event_name: "articles.view", workspace_id: workspaceId, article_id: articleId, properties: { is_ios_native: false } }
      : { event_name: "folders.view", workspace_id: workspaceId, folder_id: folderId, properties: { is_ios_native: false } };
    api.post("/events", body, { signal: controller.signal, articlePassword }).catch(() => undefined);
    return () => controller.abort();
  }, [workspaceId, articleId, folderId, articlePassword]);
}

/** The same as a component, for pages that prefer to render it. */
export function ViewEvent(props: ViewTarget) {
  useViewEvent(props);
  return null;
}
