import type { AccessLevel } from "../../core/enums";
import { articleSlug } from "../../core/slug";
import type { Article, Handbook } from "../db/schema";
import { presentPolicies, type Actor, type HandbookResource } from "../policies";
import type { HandbookNode } from "../services/handbooks";
import { iso } from "./users";

export const handbookPath = (handbook: Pick<Handbook, "key">) => `/handbook/${handbook.key}`;

/** A handbook in a list: no items. */
export function presentHandbook(
  handbook: Handbook,
  extra: { cover: Pick<Article, "id" | "title"> | null; level: AccessLevel | null; itemCount?: number },
) {
  return {
    id: handbook.id,
    key: handbook.key,
    path: handbookPath(handbook),
    title: handbook.title,
    description: handbook.description,
    sort: handbook.sort,
    workspace_id: handbook.workspaceId,
    owner_id: handbook.ownerId,
    cover_doc_id: handbook.coverDocId,
    cover_doc: extra.cover ? { id: extra.cover.id, slug: articleSlug(extra.cover.title, extra.cover.id), title: extra.cover.title } : null,
    access_level: extra.level,
    item_count: extra.itemCount ?? null,
    created_at: iso(handbook.createdAt),
    updated_at: iso(handbook.updatedAt),
    archived_at: iso(handbook.archivedAt),
  };
}

/** One sidebar item with its children (sections only have them). */
export function presentHandbookItem(node: HandbookNode): HandbookItemJson {
  const { item } = node;
  return {
    id: item.id,
    handbook_id: item.handbookId,
    parent_id: item.parentId,
    type: item.type,
    title: node.title,
    /** The title the item was given; empty: it shows its document's or handbook's own. */
    custom_title: item.title,
    url: item.type === "link" ? item.url : null,
    article: node.article
      ? { id: node.article.id, slug: articleSlug(node.article.title, node.article.id), title: node.article.title, has_password: node.article.passwordHash !== null }
      : null,
    nested_handbook: node.nested ? { id: node.nested.id, key: node.nested.key, title: node.nested.title, path: handbookPath(node.nested) } : null,
    position: item.position,
    created_at: iso(item.createdAt)!,
    updated_at: iso(item.updatedAt)!,
    children: node.children.map(presentHandbookItem),
  };
}

export interface HandbookItemJson {
  id: number;
  handbook_id: number;
  parent_id: number | null;
  type: HandbookNode["item"]["type"];
  title: string;
  custom_title: string;
  url: string | null;
  article: { id: number; slug: string; title: string; has_password: boolean } | null;
  nested_handbook: { id: number; key: string; title: string; path: string } | null;
  position: number;
  created_at: string;
  updated_at: string;
  children: HandbookItemJson[];
}

/**
 * A handbook opened: its sidebar tree, its cover document (the body only when the viewer
 * may read it without a password) and what this viewer may do.
 */
export function presentHandbookDetail(
  actor: Actor,
  handbook: Handbook,
  { cover, resource, tree, coverReadable }: { cover: Article | null; resource: HandbookResource; tree: HandbookNode[]; coverReadable: boolean },
) {
  return {
    ...presentHandbook(handbook, { cover, level: resource.level }),
    cover_doc: cover
      ? {
          id: cover.id,
          slug: articleSlug(cover.title, cover.id),
          title: cover.title,
          body: coverReadable ? cover.body : null,
          password_protected: !coverReadable,
          updated_at: iso(cover.updatedAt),
        }
      : null,
    items: tree.map(presentHandbookItem),
    policies: presentPolicies(actor, ["handbooks.update"], resource),
  };
}

export type HandbookJson = ReturnType<typeof presentHandbook>;
export type HandbookDetailJson = ReturnType<typeof presentHandbookDetail>;
