import * as z from "zod";
import { quoteSelector } from "./contracts/comments";

/**
 * What a collaboration token carries: the Worker signs it (HS256, COLLAB_TOKEN_SECRET)
 * after asking the policy module, and the PartyKit room trusts nothing else.
 */
export const collabClaimsSchema = z.object({
  /** The room: one per document, named by the document id. */
  room: z.string().min(1),
  /** The user id as a string (JWT `sub`). */
  sub: z.string().min(1),
  /** Only `edit` may change the document; `comment` and `read` connections are read-only. */
  mode: z.enum(["edit", "comment", "read"]),
});

export type CollabClaims = z.infer<typeof collabClaimsSchema>;

/** Rooms that hold a body: a document's (`article-<id>`) or one of its branches' (`branch-<id>`). */
export const isDocumentRoom = (room: string) => /^(article|branch)-[1-9]\d*$/.test(room);

export const COLLAB_TOKEN_ISSUER = "brandwork-worker";
export const COLLAB_TOKEN_AUDIENCE = "brandwork-collab";

/** What `POST /v1/articles/:id/collab_token` answers: how the browser joins the document's room. */
export const collabSessionSchema = z.object({
  token: z.string(),
  room: z.string(),
  /** The PartyKit host (`host[:port]`) the browser connects to. */
  host: z.string(),
  /** The party the room lives in (`main` for partykit.json's `main`). */
  party: z.string(),
  mode: collabClaimsSchema.shape.mode,
  expires_at: z.string(),
  user: z.object({ id: z.number().int(), name: z.string(), color: z.string() }),
});

export type CollabSession = z.infer<typeof collabSessionSchema>;

/** How long a room token admits a connection; the browser asks again on every reconnect. */
export const COLLAB_TOKEN_TTL_SECONDS = 10 * 60;

/** Cursor and avatar colours, readable on the light and dark schemes alike. */
export const PRESENCE_COLORS = ["#2F5EBC", "#C2410C", "#15803D", "#9333EA", "#BE123C", "#0E7490", "#A16207", "#4338CA"] as const;

/** A person's presence colour: stable per user, so everyone sees the same one. */
export function presenceColor(userId: number): string {
  return PRESENCE_COLORS[Math.abs(userId) % PRESENCE_COLORS.length]!;
}

/** Who the room tells the Worker edited a pushed document, and what it now holds. */
export const roomPushSchema = z.object({
  /** Lexical's serialized state, sanitised by the Worker like every stored body. */
  body: z.looseObject({ root: z.looseObject({}) }),
  /** User ids of edit connections that changed the document since the last push, last editor last. */
  editor_ids: z.array(z.number().int().positive()).max(1000),
  /**
   * The stored body's revision the room's state grew from (`revision` of the last load or
   * save). A body written since by anyone else makes the push stale: nothing is stored and
   * the room loads the newer body instead of overwriting it.
   */
  base_revision: z.number().int().nonnegative().optional(),
  /**
   * Who asked for the comment marks this push places, resolves or removes (a `comment`
   * notice). Annotating is not editing: with no editor to credit, the Worker stores the push
   * only if it differs from the stored body in comment marks alone, under nobody's name.
   */
  annotated_by: z.number().int().positive().optional(),
});

export type RoomPush = z.infer<typeof roomPushSchema>;

/** Room-to-Worker requests carry a JWT signed with the same secret, with this audience. */
export const ROOM_TOKEN_AUDIENCE = "brandwork-worker";
export const ROOM_TOKEN_ISSUER = "brandwork-collab";

/** Worker-to-room notices carry a JWT signed with the same secret, with this audience. */
export const ROOM_NOTICE_AUDIENCE = "brandwork-room";
export const ROOM_NOTICE_ISSUER = "brandwork-worker";

/**
 * `todo`: a todo was completed or reopened on its page: the room ticks (or clears) its
 * check-list item's box as an edit everyone with the document open sees, and saves at once.
 * It answers whether that save was stored (`TodoNoticeAnswer`); when it was not (no room,
 * no item, nobody's edits to save it with), the Worker writes the stored body itself.
 */
/**
 * Who asked the Worker for an edit it has a room make (a todo ticked, changes settled, an AI
 * revision): the room credits its save to them as to anyone who edited. Otherwise the edit is
 * nobody's, and a save whose only other writers are commenters (a suggestion typed just before)
 * would be refused as holding more than their suggestions, and the edit never stored.
 */
const requestedBy = z.number().int().positive().optional();

export const todoNoticeSchema = z.object({ kind: z.literal("todo"), todo_id: z.string().min(1).max(64), checked: z.boolean(), by: requestedBy });
export type TodoNotice = z.infer<typeof todoNoticeSchema>;
export const todoNoticeAnswerSchema = z.object({ applied: z.boolean(), saved: z.boolean() });
export type TodoNoticeAnswer = z.infer<typeof todoNoticeAnswerSchema>;

/**
 * `changes`: tracked changes were accepted or rejected through the API (a merged or rejected
 * suggestion, `bulk_accept`): the room settles them in its document as one edit everyone
 * with it open sees, and saves at once. It answers which uuids it found and whether that save
 * was stored (`ChangesNoticeAnswer`); when it was not, the Worker settles the stored body.
 */
export const changesNoticeSchema = z.object({
  kind: z.literal("changes"),
  verdict: z.enum(["accept", "reject"]),
  uuids: z.array(z.string().min(1).max(100)).min(1).max(1000),
  by: requestedBy,
});
export type ChangesNotice = z.infer<typeof changesNoticeSchema>;
export const changesNoticeAnswerSchema = z.object({ settled: z.array(z.string()), saved: z.boolean() });
export type ChangesNoticeAnswer = z.infer<typeof changesNoticeAnswerSchema>;

/**
 * `revision`: an AI revision arrives as a suggestion: the room marks `exact` deleted and inserts
 * `replacement` after it, both as the AI writer's tracked changes with these uuids, as one edit
 * everyone sees, and saves at once. It answers as a todo notice does (found, stored); when
 * not stored, the Worker puts the revision in the stored body itself.
 */
export const revisionNoticeSchema = z.object({
  kind: z.literal("revision"),
  exact: z.string().min(1).max(5000),
  replacement: z.string().min(1).max(20_000),
  deletion_uuid: z.string().min(1).max(100),
  insertion_uuid: z.string().min(1).max(100),
  by: requestedBy,
});
export type RevisionNotice = z.infer<typeof revisionNoticeSchema>;

/**
 * `comment`: a thread was started on text, resolved or reopened, or deleted: the room places
 * its comment mark on the quoted words, marks it resolved or open, or takes it off, as one
 * edit everyone sees, and saves at once (an annotation: see `annotated_by`). It answers as a
 * todo notice does; when not stored, the Worker makes the same change to the stored body.
 */
export const commentNoticeSchema = z.object({
  kind: z.literal("comment"),
  uuid: z.string().min(1).max(100),
  action: z.enum(["mark", "resolve", "reopen", "remove"]),
  quote: quoteSelector.optional(),
  by: requestedBy,
});
export type CommentNotice = z.infer<typeof commentNoticeSchema>;

/**
 * What the Worker tells a live room. `document`: the stored body changed outside the room
 * (an API write), so the room loads it into its Y.Doc. `access`: who may do what changed, so
 * the room asks again for every connection and closes those whose mode changed. `reconnect`:
 * a password changed, so every connection must show it again. `todo`, `changes`,
 * `revision` and `comment`: see their schemas.
 */
export const roomNoticeSchema = z.union([
  z.object({ kind: z.enum(["document", "access", "reconnect"]) }),
  todoNoticeSchema,
  changesNoticeSchema,
  revisionNoticeSchema,
  commentNoticeSchema,
]);

export type RoomNotice = z.infer<typeof roomNoticeSchema>;

/** The room asks what its connected people may now do (`POST /v1/internal/rooms/:room/modes`). */
export const roomModesRequestSchema = z.object({ user_ids: z.array(z.number().int().positive()).max(1000) });

/** Each asked user's mode now, or null when they may no longer open the document. */
export const roomModesSchema = z.record(z.string(), collabClaimsSchema.shape.mode.nullable());

export type RoomModes = z.infer<typeof roomModesSchema>;

/**
 * A room asks the Worker again about every connection at least this often, so a change no
 * notice reached (the room was unreachable) still takes effect, and the Worker knows which
 * rooms are live.
 */
export const ROOM_RECHECK_SECONDS = COLLAB_TOKEN_TTL_SECONDS / 2;
