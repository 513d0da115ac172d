import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { api, ApiError } from "~/lib/api";
import { DocIcon, FolderIcon, StarIcon } from "../ui/icons";

interface FavoriteLink {
  key: string;
  label: string;
  href: string;
  kind: "article" | "folder";
}

type Loaded = { state: "loading" } | { state: "ready"; items: FavoriteLink[] } | { state: "error"; message: string };

const record = (value: unknown): Record<string, unknown> | null => (value && typeof value === "object" ? (value as Record<string, unknown>) : null);

/**
 * One favourite as a link, whatever shape the list gives it: an item with a nested
 * `article` or `folder`, or a flat document or folder with a slug.
 */
export function favoriteLink(raw: unknown): FavoriteLink | null {
  const item = record(raw);
  if (!item) return null;
  const folder = record(item.folder) ?? (item.type === "folder" || "parent_id" in item ? item : null);
  const article = record(item.article) ?? (!folder ? item : null);
  const target = folder ?? article;
  if (!target || typeof target.slug !== "string") return null;
  const label = String(target.title ?? target.name ?? "Untitled");
  return folder
    ? { key: `f${String(target.id)}`, label, href: `/folders/${target.slug}`, kind: "folder" }
    : { key: `a${String(target.id)}`, label, href: `/docs/${target.slug}`, kind: "article" };
}

/** The person's starred documents and folders in this workspace (GET /v1/w/:ws/favorites). */
export function FavoritesPanel({ workspaceId, onNavigate }: { workspaceId: number; onNavigate: () => void }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoaded({ state: "loading" });
    api
      .get<{ data?: unknown[] }>(`/w/${workspaceId}/favorites`, { signal: controller.signal })
      .then((body) => {
        const items = (Array.isArray(body?.data) ? body.data : []).map(favoriteLink).filter((link): link is FavoriteLink => link !== null);
        setLoaded({ state: "ready", items });
      })
      .catch((error) => {
        if (controller.signal.aborted) return;
        // Until favourites exist on this server, a 404 just means there are none.
        if (error instanceof ApiError && error.status === 404) setLoaded({ state: "ready", items: [] });
        else setLoaded({ state: "error", message: error instanceof ApiError ? error.problem.message : "We couldn't load your favorites." });
      });
    return () => controller.abort();
  }, [workspaceId, attempt]);

  if (loaded.state === "loading") {
    return (
      <p className="sidebar-favorites__note" aria-busy="true">
        Loading favorites…
      </p>
    );
  }
  if (loaded.state === "error") {
    return (
      <div className="sidebar-favorites__note" role="alert">
        <p>{loaded.message}</p>
        <button type="button" className="link-button" onClick={() => setAttempt((count) => count + 1)}>
          Try again
        </button>
      </div>
    );
  }
  if (loaded.items.length === 0) {
    return (
      <div className="sidebar-favorites__empty">
        <StarIcon aria-hidden="true" />
        <p>No favorites yet. Star a document or folder to keep it here.</p>
      </div>
    );
  }
  return (
    <ul className="sidebar-favorites" aria-label="Favorites">
      {loaded.items.map((item) => (
        <li key={item.key}>
          <Link to={item.href} className="sidebar__link" onClick={onNavigate}>
            {item.kind === "folder" ? <FolderIcon aria-hidden="true" /> : <DocIcon aria-hidden="true" />}
            <span className="sidebar__link-text">{item.label}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
