import * as z from "zod";
import { articleRefParam, documentOut } from "./articles";
import { timelineKinds, versionKinds, versionRef, type Timeline, type TimelineEvent, type VersionSummary } from "./history";
import { listMetaOut } from "./pagination";

/**
 * What the history routes answer (`/articles/:id/timeline`, `/versions`, `/versions/:version`,
 * `/compare`), as zod schemas for the OpenAPI document; the interfaces in ./history are the
 * types clients use, and these are checked against them so the two cannot drift.
 */

export const versionRefParam = articleRefParam.extend({ version: versionRef });

const personOut = z.object({ id: z.number().int(), name: z.string() });

export const timelineEventOut = z.object({
  id: z.number().int().meta({ description: "The newest event's id in the entry" }),
  kind: z.enum(timelineKinds),
  name: z.string().meta({ description: "The event's recorded name (`articles.edit`, `comments.create`, ...)" }),
  summary: z.string().meta({ description: "A sentence for people: names, never the document's words" }),
  created_at: z.string(),
  ended_at: z.string(),
  count: z.number().int().meta({ description: "How many events the entry groups (edits by one person in one session)" }),
  creator: personOut.nullable(),
  version_id: z.number().int().nullable(),
  branch_id: z.number().int().nullable(),
}) satisfies z.ZodType<TimelineEvent>;

export const timelineOut = z.object({
  data: z.object({
    events: z.array(timelineEventOut),
    oldest_timestamp: z.string().nullable().meta({ description: "Pass as `before` for the next page" }),
    more_available: z.boolean(),
  }) satisfies z.ZodType<Timeline>,
});

export const versionSummaryOut = z.object({
  id: z.number().int(),
  kind: z.enum(versionKinds),
  title: z.string(),
  created_at: z.string(),
  creator: personOut.nullable(),
  branch_id: z.number().int().nullable(),
}) satisfies z.ZodType<VersionSummary>;

/** The document as it is now, where a version could be named: `id` is `current`, for links. */
export const currentVersionOut = z.object({
  id: z.literal("current"),
  kind: z.literal("current"),
  title: z.string(),
  created_at: z.string().meta({ description: "When its body was last written" }),
  creator: personOut.nullable().meta({ description: "Its last editor" }),
  branch_id: z.null(),
});
export type CurrentVersion = z.infer<typeof currentVersionOut>;

/** A version, or the current document. */
export const shownVersionOut = z.union([versionSummaryOut, currentVersionOut]);
export type ShownVersion = VersionSummary | CurrentVersion;

export const versionListOut = z.object({ data: z.array(versionSummaryOut), meta: listMetaOut });

const blockSummaryOut = z.object({ index: z.number().int(), type: z.string(), label: z.string(), text: z.string() });

export const versionShowOut = z.object({
  data: z.object({
    summary: shownVersionOut,
    title: z.string(),
    body: documentOut,
    blocks: z.array(blockSummaryOut).meta({ description: "Its blocks as the comparison shows them" }),
  }),
});

const wordPartOut = z.object({ op: z.enum(["equal", "insert", "delete"]), text: z.string() });

const blockDiffOut = z.looseObject({
  op: z.enum(["equal", "insert", "delete", "move", "modify"]),
  before: blockSummaryOut.optional(),
  after: blockSummaryOut.optional(),
  words: z.array(wordPartOut).optional(),
  formats: z.array(z.object({ text: z.string(), before: z.array(z.string()), after: z.array(z.string()) })).optional(),
  type_change: z.object({ before: z.string(), after: z.string() }).nullable().optional(),
  cells: z.array(z.object({ row: z.number().int(), column: z.number().int(), words: z.array(wordPartOut) })).optional(),
});

export const compareOut = z.object({
  data: z.object({
    from: shownVersionOut,
    to: shownVersionOut,
    diff: z.object({
      blocks: z.array(blockDiffOut),
      stats: z.object({ inserted: z.number().int(), deleted: z.number().int(), modified: z.number().int(), moved: z.number().int(), unchanged: z.number().int() }),
    }),
  }),
});
