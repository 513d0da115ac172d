import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { AccessLevel } from "../../core/enums";
import { inList } from "../db/batching";
import type { Database } from "../db/client";
import { folders } from "../db/schema";
import type { Actor } from "../policies";

// What access level a person holds on a document or folder, worked out from grants. This
// module only computes facts (levels, passwords on the way); the policy module decides what
// a level allows. Levels are ranked read < comment < edit < owner.

export const LEVEL_RANK: Record<AccessLevel, number> = { read: 1, comment: 2, edit: 3, owner: 4 };
const LEVELS_BY_RANK: AccessLevel[] = ["read", "read", "comment", "edit", "owner"];

/** The level a rank from the SQL here stands for (the readable sets only hold ranks 1 to 4). */
export const levelOfRank = (rank: number): AccessLevel => LEVELS_BY_RANK[rank]!;

export const atLeast = (level: AccessLevel | null | undefined, wanted: AccessLevel) =>
  level != null && LEVEL_RANK[level] >= LEVEL_RANK[wanted];

export const maxLevel = (...levels: (AccessLevel | null | undefined)[]): AccessLevel | null =>
  levels.reduce<AccessLevel | null>((best, level) => (level && (!best || LEVEL_RANK[level] > LEVEL_RANK[best]) ? level : best), null);

/** Anyone with the link never gets more than comment, whatever the grant says. */
const ANONYMOUS_CAP = LEVEL_RANK.comment;

/** Who is asking: a member or guest of the workspace, or an anonymous visitor (userId null). */
export interface Viewer {
  userId: number | null;
  workspaceId: number;
  /** Workspace role; null for anonymous visitors. super_admin mode counts as admin here. */
  role: "admin" | "member" | "guest" | null;
}

export function viewerFor(actor: Actor): Viewer {
  if (actor.role === "unauthed") return { userId: null, workspaceId: actor.workspaceId, role: null };
  return { userId: actor.userId, workspaceId: actor.workspaceId, role: actor.role === "super_admin" ? "admin" : actor.role };
}

const rankSql = sql`CASE g.permission WHEN 'read' THEN 1 WHEN 'comment' THEN 2 WHEN 'edit' THEN 3 WHEN 'owner' THEN 4 END`;

/** The grants (alias `g`) that name this viewer. Email grants become User grants when the invitee joins. */
function grantMatches(viewer: Viewer): SQL {
  const uid = viewer.userId ?? -1;
  if (viewer.role === null) return sql`g.target_type = 'UnauthUser'`;
  return sql`(
    g.target_type = 'UnauthUser'
    OR (g.target_type = 'User' AND g.user_id = ${uid})
    OR (g.target_type = 'Channel' AND g.channel_id IN (SELECT cm.channel_id FROM channel_memberships cm WHERE cm.user_id = ${uid}))
    OR (g.target_type = 'EveryoneAtWorkspace' AND ${viewer.role} IN ('admin', 'member'))
    OR g.target_type = 'Company'
    OR (g.target_type = 'AccessMemberGroup' AND g.role = ${viewer.role})
    OR (g.target_type = 'LayerEditors' AND g.article_id IS NOT NULL
        AND EXISTS (SELECT 1 FROM article_contributors ac WHERE ac.article_id = g.article_id AND ac.user_id = ${uid}))
  )`;
}

/** A grant's rank for this viewer, capped for anonymous visitors. */
const grantRank = (viewer: Viewer) => (viewer.role === null ? sql`MIN(${rankSql}, ${ANONYMOUS_CAP})` : rankSql);

/**
 * SQL for `(article_id, rank)`: every article of the workspace this viewer may at least
 * read, with their best rank. Grants on a folder flow to everything below it; owners hold
 * owner. Used as a subquery by listings and search so filtering happens in D1.
 */
export function readableArticlesSql(viewer: Viewer): SQL {
  const uid = viewer.userId ?? -1;
  const ws = viewer.workspaceId;
  return sql`
    WITH RECURSIVE
      granted(article_id, folder_id, rank) AS (
        SELECT g.article_id, g.folder_id, ${grantRank(viewer)} FROM accesses g
        WHERE g.workspace_id = ${ws} AND ${grantMatches(viewer)}
        UNION ALL
        SELECT NULL, f.id, 4 FROM folders f WHERE f.workspace_id = ${ws} AND f.owner_id = ${uid}
      ),
      folder_ranks(folder_id, rank) AS (
        SELECT folder_id, rank FROM granted WHERE folder_id IS NOT NULL
        UNION
        SELECT child.id, parent.rank FROM folders child JOIN folder_ranks parent ON child.parent_id = parent.folder_id
      ),
      article_ranks(article_id, rank) AS (
        SELECT article_id, rank FROM granted WHERE article_id IS NOT NULL
        UNION ALL
        SELECT a.id, fr.rank FROM articles a JOIN folder_ranks fr ON a.folder_id = fr.folder_id WHERE a.workspace_id = ${ws}
        UNION ALL
        SELECT a.id, 4 FROM articles a WHERE a.workspace_id = ${ws} AND a.owner_id = ${uid}
      )
    SELECT article_id, MAX(rank) AS rank FROM article_ranks GROUP BY article_id`;
}

/**
 * The viewer's rank on the article `a` (0: none), worked out for that one row: the same facts
 * as `readableArticlesSql`, for queries that start from a set of candidates (search's matches)
 * rather than from every article of the workspace. `folderRank` is the rank of `a`'s folder
 * from `readableFoldersSql` (NULL when it grants nothing); grants on the article are found
 * through their `article_id` index. The caller keeps `a` to the viewer's workspace.
 */
export function articleRankSql(viewer: Viewer, folderRank: SQL): SQL {
  const uid = viewer.userId ?? -1;
  return sql`max(
    CASE WHEN a.owner_id = ${uid} THEN ${LEVEL_RANK.owner} ELSE 0 END,
    coalesce(${folderRank}, 0),
    coalesce((SELECT MAX(${grantRank(viewer)}) FROM accesses g
      WHERE g.article_id = a.id AND g.workspace_id = ${viewer.workspaceId} AND ${grantMatches(viewer)}), 0)
  )`;
}

/** The same for folders: `(folder_id, rank)`. */
export function readableFoldersSql(viewer: Viewer): SQL {
  const uid = viewer.userId ?? -1;
  const ws = viewer.workspaceId;
  return sql`
    WITH RECURSIVE folder_ranks(folder_id, rank) AS (
      SELECT g.folder_id, ${grantRank(viewer)} FROM accesses g
      WHERE g.workspace_id = ${ws} AND g.folder_id IS NOT NULL AND ${grantMatches(viewer)}
      UNION
      SELECT f.id, 4 FROM folders f WHERE f.workspace_id = ${ws} AND f.owner_id = ${uid}
      UNION
      SELECT child.id, parent.rank FROM folders child JOIN folder_ranks parent ON child.parent_id = parent.folder_id
    )
    SELECT folder_id, MAX(rank) AS rank FROM folder_ranks GROUP BY folder_id`;
}

export interface AccessFacts {
  level: AccessLevel | null;
  /** Passwords guarding this item: its own and its folders'. Owners are never asked. */
  passwordHashes: string[];
}

/** The folder and its ancestors (nearest first), at most 100 deep. */
const folderChainSql = (folderId: number) => sql`
  WITH RECURSIVE chain(id, parent_id, owner_id, password_hash, depth) AS (
    SELECT id, parent_id, owner_id, password_hash, 0 FROM folders WHERE id = ${folderId}
    UNION ALL
    SELECT f.id, f.parent_id, f.owner_id, f.password_hash, chain.depth + 1 FROM folders f JOIN chain ON f.id = chain.parent_id
    WHERE chain.depth < 100
  )`;

async function chainFacts(
  db: Database,
  viewer: Viewer,
  item: { articleId: number | null; folderId: number | null; ownerId: number | null; passwordHash: string | null },
): Promise<AccessFacts> {
  const uid = viewer.userId ?? -1;
  const chain = item.folderId ? folderChainSql(item.folderId) : sql`WITH chain(id, parent_id, owner_id, password_hash, depth) AS (SELECT NULL, NULL, NULL, NULL, 0 WHERE 0)`;
  const [row] = await db.all<{ grant_rank: number | null; owns_folder: number; passwords: string | null }>(sql`
    ${chain}
    SELECT
      (SELECT MAX(${grantRank(viewer)}) FROM accesses g
        WHERE g.workspace_id = ${viewer.workspaceId}
          AND (g.article_id = ${item.articleId ?? -1} OR g.folder_id IN (SELECT id FROM chain))
          AND ${grantMatches(viewer)}) AS grant_rank,
      EXISTS (SELECT 1 FROM chain WHERE owner_id = ${uid}) AS owns_folder,
      (SELECT json_group_array(password_hash) FROM chain WHERE password_hash IS NOT NULL) AS passwords`);
  const ownerRank = viewer.userId !== null && (item.ownerId === viewer.userId || row?.owns_folder) ? LEVEL_RANK.owner : 0;
  const rank = Math.max(ownerRank, row?.grant_rank ?? 0);
  const level = rank > 0 ? levelOfRank(rank) : null;
  const passwordHashes = [item.passwordHash, ...(JSON.parse(row?.passwords ?? "[]") as string[])].filter(
    (hash): hash is string => Boolean(hash),
  );
  return { level, passwordHashes: level === "owner" ? [] : passwordHashes };
}

/** The viewer's level on one article (null: none), and the passwords that guard it. */
export function articleAccess(
  db: Database,
  viewer: Viewer,
  article: { id: number; folderId: number | null; ownerId: number | null; passwordHash: string | null; isPublic: boolean },
): Promise<AccessFacts> {
  return chainFacts(db, viewer, { articleId: article.id, ...article }).then((facts) =>
    // A public page is readable by anyone, signed in or not.
    article.isPublic ? { ...facts, level: maxLevel(facts.level, "read") } : facts,
  );
}

/**
 * The viewer's level on a folder and on each of its ancestors, in one query (breadcrumbs):
 * each folder's level comes from grants on it or above it, and from owning it or one above it.
 */
export async function folderChainLevels(db: Database, viewer: Viewer, folderId: number): Promise<Map<number, AccessLevel | null>> {
  const uid = viewer.userId ?? -1;
  const rows = await db.all<{ id: number; grant_rank: number | null; owns: number }>(sql`
    ${folderChainSql(folderId)}
    SELECT c.id AS id,
      (SELECT MAX(${grantRank(viewer)}) FROM accesses g
        WHERE g.workspace_id = ${viewer.workspaceId}
          AND g.folder_id IN (SELECT up.id FROM chain up WHERE up.depth >= c.depth)
          AND ${grantMatches(viewer)}) AS grant_rank,
      EXISTS (SELECT 1 FROM chain up WHERE up.depth >= c.depth AND up.owner_id = ${uid}) AS owns
    FROM chain c`);
  return new Map(
    rows.map((row) => {
      const rank = Math.max(viewer.userId !== null && row.owns ? LEVEL_RANK.owner : 0, row.grant_rank ?? 0);
      return [row.id, rank > 0 ? levelOfRank(rank) : null];
    }),
  );
}

/** The viewer's level on one folder, from grants on it and its ancestors. */
export function folderAccess(
  db: Database,
  viewer: Viewer,
  folder: { id: number; ownerId: number | null; passwordHash: string | null },
): Promise<AccessFacts> {
  return chainFacts(db, viewer, { articleId: null, folderId: folder.id, ownerId: folder.ownerId, passwordHash: null });
}

/** Condition on `a` (articles): a Channel grant names this group on the article or a folder above it. */
export const sharedWithChannel = (channelId: number): SQL => sql`(
  EXISTS (SELECT 1 FROM accesses g WHERE g.article_id = a.id AND g.target_type = 'Channel' AND g.channel_id = ${channelId})
  OR a.folder_id IN (
    WITH RECURSIVE shared(id) AS (
      SELECT g.folder_id FROM accesses g WHERE g.folder_id IS NOT NULL AND g.target_type = 'Channel' AND g.channel_id = ${channelId}
      UNION SELECT f.id FROM folders f JOIN shared ON f.parent_id = shared.id
    ) SELECT id FROM shared
  )
)`;

/**
 * Of the folders holding these articles, those behind a password: their own or one on a folder
 * above them. A document in one (or with its own password) is locked for everyone but its
 * owners until the password is given. Unawaited, so it can go in a `db.batch`.
 */
export function guardedFoldersOf(db: Database, articleIds: number[]) {
  return db.select({ id: folders.id }).from(folders).where(sql`${folders.id} IN (
    WITH RECURSIVE chain(start_id, id, depth) AS (
      SELECT f.id, f.id, 0 FROM folders f WHERE f.id IN (SELECT a.folder_id FROM articles a WHERE ${inList(sql`a.id`, articleIds)})
      UNION ALL
      SELECT chain.start_id, f.parent_id, chain.depth + 1 FROM folders f JOIN chain ON f.id = chain.id
      WHERE f.parent_id IS NOT NULL AND chain.depth < 100
    )
    SELECT chain.start_id FROM chain JOIN folders f ON f.id = chain.id WHERE f.password_hash IS NOT NULL
  )`);
}

/**
 * SQL condition on `a` (articles): the document is behind a password, its own or a folder's
 * above it. Search uses it to match locked documents by title only.
 */
export const guardedArticleSql = (workspaceId: number): SQL => sql`(
  a.password_hash IS NOT NULL
  OR a.folder_id IN (
    WITH RECURSIVE guarded(id) AS (
      SELECT f.id FROM folders f WHERE f.workspace_id = ${workspaceId} AND f.password_hash IS NOT NULL
      UNION SELECT f.id FROM folders f JOIN guarded ON f.parent_id = guarded.id
    ) SELECT id FROM guarded
  )
)`;

/**
 * SQL condition: `folderId` (a column) is a folder behind a password, its own or one above
 * it, in any workspace (the public directory spans them all).
 */
export const inGuardedFolderSql = (folderId: SQL | AnyColumn): SQL => sql`${folderId} IN (
  WITH RECURSIVE guarded(id) AS (
    SELECT f.id FROM folders f WHERE f.password_hash IS NOT NULL
    UNION SELECT f.id FROM folders f JOIN guarded ON f.parent_id = guarded.id
  ) SELECT id FROM guarded
)`;
