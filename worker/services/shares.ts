import { and, eq, sql, type SQL } from "drizzle-orm";
import type { AccessLevel, AccessTargetType, MembershipRole } from "../../core/enums";
import { articleSlug } from "../../core/slug";
import { inList } from "../db/batching";
import type { Database } from "../db/client";
import { accesses, channels, users, type Access, type Article, type Channel, type Folder, type User } from "../db/schema";
import { Forbidden } from "../lib/errors";
import { folderSlug } from "../presenters/folders";
import { LEVEL_RANK, readableArticlesSql, type Viewer } from "./access";
import { folderAncestors } from "./folders";

// Grants as the share dialog and the sharing commands see them: what is shared, with whom,
// and who that reaches. Levels come from services/access.ts; the policy module decides who
// may share at all.

/** A document or a folder being shared. */
export type SharedItem = { kind: "article"; article: Article } | { kind: "folder"; folder: Folder };

export interface SharedItemFacts {
  workspaceId: number;
  articleId: number | null;
  folderId: number | null;
  /** The folder whose chain of ancestors also grants access (the article's folder, or the folder itself). */
  chainFolderId: number | null;
  ownerId: number | null;
  title: string;
  /** The page a recipient opens. */
  path: string;
}

export function sharedItemFacts(item: SharedItem): SharedItemFacts {
  if (item.kind === "article") {
    const { article } = item;
    return {
      workspaceId: article.workspaceId,
      articleId: article.id,
      folderId: null,
      chainFolderId: article.folderId,
      ownerId: article.ownerId,
      title: article.title,
      path: `/docs/${articleSlug(article.title, article.id)}`,
    };
  }
  const { folder } = item;
  return {
    workspaceId: folder.workspaceId,
    articleId: null,
    folderId: folder.id,
    chainFolderId: folder.parentId,
    ownerId: folder.ownerId,
    title: folder.name,
    path: `/folders/${folderSlug(folder)}`,
  };
}

/** The grants written on the item itself (not inherited). */
export function grantsOn(db: Database, facts: Pick<SharedItemFacts, "workspaceId" | "articleId" | "folderId">) {
  const onItem = facts.articleId !== null ? eq(accesses.articleId, facts.articleId) : eq(accesses.folderId, facts.folderId!);
  return db
    .select()
    .from(accesses)
    .where(and(eq(accesses.workspaceId, facts.workspaceId), onItem))
    .orderBy(accesses.id);
}

/** Grants on the folders above the item, nearest folder first, each with its folder. */
export async function inheritedGrants(db: Database, workspaceId: number, folderId: number | null) {
  const chain = (await folderAncestors(db, folderId)).filter((folder) => folder.workspaceId === workspaceId).reverse();
  if (chain.length === 0) return [];
  const byFolder = new Map(chain.map((folder) => [folder.id, folder]));
  const rows = await db
    .select()
    .from(accesses)
    .where(and(eq(accesses.workspaceId, workspaceId), inList(accesses.folderId, [...byFolder.keys()])));
  const depth = new Map(chain.map((folder, index) => [folder.id, index]));
  return rows
    .sort((a, b) => depth.get(a.folderId!)! - depth.get(b.folderId!)! || a.id - b.id)
    .map((access) => ({ access, folder: byFolder.get(access.folderId!)! }));
}

/** The users and groups that grants name, to present them. */
export async function grantTargets(db: Database, grants: Pick<Access, "userId" | "channelId">[], extraUserIds: number[] = []) {
  const userIds = [...new Set([...grants.map((g) => g.userId), ...extraUserIds].filter((id): id is number => id !== null))];
  const channelIds = [...new Set(grants.map((g) => g.channelId).filter((id): id is number => id !== null))];
  const people = new Map<number, User>();
  const groups = new Map<number, Channel>();
  for (const user of await db.select().from(users).where(inList(users.id, userIds))) people.set(user.id, user);
  for (const group of await db.select().from(channels).where(inList(channels.id, channelIds))) groups.set(group.id, group);
  return { users: people, channels: groups };
}
export type GrantTargets = Awaited<ReturnType<typeof grantTargets>>;

/** Who one grant names, as a comparable key: granting the same target again updates its grant. */
export interface GrantTarget {
  targetType: AccessTargetType;
  userId: number | null;
  channelId: number | null;
  email: string | null;
  role: MembershipRole | null;
}

export function targetKey(target: GrantTarget) {
  switch (target.targetType) {
    case "User":
      return `User:${target.userId}`;
    case "Channel":
      return `Channel:${target.channelId}`;
    case "Email":
      return `Email:${target.email}`;
    case "AccessMemberGroup":
      return `AccessMemberGroup:${target.role}`;
    default:
      return target.targetType;
  }
}

/**
 * Nobody hands out more than they hold, and only owners make owners. `field` names the
 * offending input in the 403 so the dialog can point at it.
 */
export function checkGrantable(level: AccessLevel | null, permission: AccessLevel, field: string) {
  if (level === null || LEVEL_RANK[permission] > LEVEL_RANK[level]) {
    const reason = permission === "owner" ? "only owners can grant owner access" : `is above your own access (${level ?? "none"})`;
    throw new Forbidden(`You cannot grant ${permission} access: ${reason}`, { fields: { [field]: [reason] } });
  }
}

export async function accessById(db: Database, id: number) {
  const [access] = await db.select().from(accesses).where(eq(accesses.id, id));
  return access ?? null;
}

/** The viewer's level on each of many articles of their workspace, in one query. */
export async function articleLevels(db: Database, viewer: Viewer, ids: number[]) {
  const levels = new Map<number, AccessLevel>();
  const rows = await db.all<{ article_id: number; rank: number }>(sql`
    SELECT r.article_id, r.rank FROM (${readableArticlesSql(viewer)}) r
    WHERE ${inList(sql`r.article_id`, ids)}`);
  for (const row of rows) levels.set(row.article_id, LEVELS_BY_RANK[row.rank]!);
  return levels;
}

const RANK_SQL = sql`CASE g.permission WHEN 'read' THEN 1 WHEN 'comment' THEN 2 WHEN 'edit' THEN 3 WHEN 'owner' THEN 4 END`;
const LEVELS_BY_RANK: AccessLevel[] = ["read", "read", "comment", "edit", "owner"];

export interface UserWithAccess {
  user: User;
  role: MembershipRole;
  level: AccessLevel;
  /** How they get it: User, Channel, EveryoneAtWorkspace, Company, AccessMemberGroup, LayerEditors, Owner, FolderOwner. */
  via: string[];
}

/**
 * Every active member or guest a document (or folder) reaches, with their best level: its
 * own grants and those of the folders above it, each expanded to people (a group's members,
 * the workspace's admins and members, everyone including guests, holders of a role, the
 * document's editors), plus the owners. Email grants are pending invitations and reach
 * nobody yet; anyone-with-the-link is reported apart (`linkAccess`). Paged in D1. (D1 refuses
 * a compound SELECT of six terms, so people are reached in two parts, by_grant and by_work.)
 */
export async function usersWithAccess(
  db: Database,
  facts: Pick<SharedItemFacts, "workspaceId" | "articleId" | "folderId" | "chainFolderId" | "ownerId">,
  { minLevel, limit, offset }: { minLevel: AccessLevel; limit: number; offset: number }
): Promise<{ items: UserWithAccess[]; total: number; linkAccess: AccessLevel | null }> {
  const ws = facts.workspaceId;
  const startFolder = facts.folderId ?? facts.chainFolderId;
  const chain: SQL = startFolder
    ? sql`chain(id, parent_id, owner_id, depth) AS (
        SELECT id, parent_id, owner_id, 0 FROM folders WHERE id = ${startFolder} AND workspace_id = ${ws}
        UNION ALL
        SELECT f.id, f.parent_id, f.owner_id, chain.depth + 1 FROM folders f JOIN chain ON f.id = chain.parent_id WHERE chain.depth < 100
      )`
    : sql`chain(id, parent_id, owner_id, depth) AS (SELECT NULL, NULL, NULL, 0 WHERE 0)`;
  const reached = sql`
    WITH RECURSIVE ${chain},
    grants AS (
      SELECT g.target_type, g.user_id, g.channel_id, g.role, g.article_id, ${RANK_SQL} AS rank FROM accesses g
      WHERE g.workspace_id = ${ws} AND (g.article_id = ${facts.articleId ?? -1} OR g.folder_id IN (SELECT id FROM chain))
    ),
    by_grant(user_id, rank, via) AS (
      SELECT user_id, rank, 'User' FROM grants WHERE target_type = 'User'
      UNION ALL
      SELECT cm.user_id, g.rank, 'Channel' FROM grants g JOIN channel_memberships cm ON cm.channel_id = g.channel_id
      WHERE g.target_type = 'Channel'
      UNION ALL
      SELECT m.user_id, g.rank, g.target_type FROM grants g
      JOIN memberships m ON m.workspace_id = ${ws} AND m.status = 'active'
      WHERE (g.target_type = 'EveryoneAtWorkspace' AND m.role IN ('admin', 'member'))
        OR g.target_type = 'Company'
        OR (g.target_type = 'AccessMemberGroup' AND m.role = g.role)
    ),
    by_work(user_id, rank, via) AS (
      SELECT ac.user_id, g.rank, 'LayerEditors' FROM grants g JOIN article_contributors ac ON ac.article_id = g.article_id
      WHERE g.target_type = 'LayerEditors'
      UNION ALL
      SELECT owner_id, 4, 'FolderOwner' FROM chain WHERE owner_id IS NOT NULL
      UNION ALL
      SELECT ${facts.ownerId ?? -1}, 4, 'Owner'
    ),
    reach(user_id, rank, via) AS (SELECT * FROM by_grant UNION ALL SELECT * FROM by_work),
    best AS (
      SELECT r.user_id, MAX(r.rank) AS rank, group_concat(DISTINCT r.via) AS via FROM reach r
      JOIN memberships m ON m.user_id = r.user_id AND m.workspace_id = ${ws} AND m.status = 'active'
      GROUP BY r.user_id HAVING MAX(r.rank) >= ${LEVEL_RANK[minLevel]}
    )`;
  const [rows, [count], [link]] = await Promise.all([
    db.all<{ user_id: number; rank: number; via: string; role: MembershipRole }>(sql`
      ${reached}
      SELECT b.user_id, b.rank, b.via, m.role FROM best b
      JOIN memberships m ON m.user_id = b.user_id AND m.workspace_id = ${ws}
      JOIN users u ON u.id = b.user_id
      ORDER BY b.rank DESC, lower(trim(u.first_name || ' ' || u.last_name)), u.email
      LIMIT ${limit} OFFSET ${offset}`),
    db.all<{ total: number }>(sql`${reached} SELECT COUNT(*) AS total FROM best`),
    db.all<{ rank: number | null }>(sql`
      WITH RECURSIVE ${chain}
      SELECT MAX(MIN(${RANK_SQL}, ${LEVEL_RANK.comment})) AS rank FROM accesses g
      WHERE g.workspace_id = ${ws} AND g.target_type = 'UnauthUser'
        AND (g.article_id = ${facts.articleId ?? -1} OR g.folder_id IN (SELECT id FROM chain))`),
  ]);
  const { users: people } = await grantTargets(
    db,
    [],
    rows.map((row) => row.user_id)
  );
  const items = rows.flatMap((row) => {
    const user = people.get(row.user_id);
    return user ? [{ user, role: row.role, level: LEVELS_BY_RANK[row.rank]!, via: row.via.split(",") }] : [];
  });
  return { items, total: count?.total ?? 0, linkAccess: link?.rank ? LEVELS_BY_RANK[link.rank]! : null };
}
