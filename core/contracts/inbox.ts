import * as z from "zod";
import { positiveId } from "./common";

/** SPEC section 3's ten inbox item types, plus the three of publishing and billing's. */
export const inboxItemTypes = [
  "AccessGrant",
  "AccessRequest",
  "Review",
  "ChannelMembership",
  "Comment",
  "OwnershipTransfer",
  "ReadReceiptRequest",
  "Suggestion",
  "Todo",
  "InformalFeedbackRequest",
  "post_failed",
  "post_missed",
  "account_needs_reauth",
  "billing",
] as const;
export type InboxItemType = (typeof inboxItemTypes)[number];

/** What a person hears by email about one type of item: nothing, each one as it comes, or a daily digest. */
export const inboxEmailModes = ["off", "immediately", "daily"] as const;
export type InboxEmailMode = (typeof inboxEmailModes)[number];

/**
 * Until someone chooses: what waits on them or was sent to them in person comes at once (a
 * share, with the sharer's message; a join request, with the link that accepts it), the rest
 * in the digest. Every type's email goes through `notify`, which follows these and each choice.
 */
export const defaultEmailModes: Record<InboxItemType, InboxEmailMode> = {
  AccessGrant: "immediately",
  AccessRequest: "immediately",
  Review: "immediately",
  ChannelMembership: "immediately",
  Comment: "immediately",
  OwnershipTransfer: "immediately",
  ReadReceiptRequest: "immediately",
  Suggestion: "daily",
  Todo: "immediately",
  InformalFeedbackRequest: "immediately",
  post_failed: "immediately",
  post_missed: "immediately",
  account_needs_reauth: "immediately",
  // Trial ending, a failed payment, a card expiring: the billing owner hears at once.
  billing: "immediately",
};

/** How the inbox names each type on screen and in email. */
export const inboxTypeLabels: Record<InboxItemType, string> = {
  AccessGrant: "Shared with you",
  AccessRequest: "Access requests",
  Review: "Reviews",
  ChannelMembership: "Groups",
  Comment: "Comments",
  OwnershipTransfer: "Ownership",
  ReadReceiptRequest: "Read receipts",
  Suggestion: "Suggestions",
  Todo: "Todos",
  InformalFeedbackRequest: "Feedback requests",
  post_failed: "Post failed",
  post_missed: "Post missed",
  account_needs_reauth: "Account needs reconnecting",
  billing: "Billing",
};

export const inboxFilters = ["unread", "all", "archived"] as const;
export type InboxFilter = (typeof inboxFilters)[number];

const typeList = z
  .string()
  .transform((value) => value.split(",").filter(Boolean))
  .pipe(z.array(z.enum(inboxItemTypes, { error: `must be among ${inboxItemTypes.join(", ")}` })).max(inboxItemTypes.length));

/** `GET /w/:ws/inbox`: which items (default: everything not archived), newest first. */
export const listInboxQuery = z.object({
  filter: z.enum(inboxFilters, { error: `must be one of ${inboxFilters.join(", ")}` }).default("all"),
  types: typeList.optional(),
  limit: z.coerce.number({ error: "must be a number" }).int().min(1, "must be at least 1").max(200, "must be at most 200").default(100),
});
export type ListInboxQuery = z.infer<typeof listInboxQuery>;

/** `PUT /w/:ws/inbox/:id`: mark read or unread, archive or bring back. */
export const updateInboxItemSchema = z
  .object({
    read: z.boolean({ error: "must be true or false" }).optional(),
    archived: z.boolean({ error: "must be true or false" }).optional(),
  })
  .refine((body) => body.read !== undefined || body.archived !== undefined, { message: "name read or archived", path: ["read"] });

/** `POST /w/:ws/inbox/read_all` and `/archive_all`: everything, or only some types / one document. */
export const bulkInboxSchema = z.object({
  types: z.array(z.enum(inboxItemTypes, { error: "is not an inbox item type" })).max(inboxItemTypes.length).optional(),
  article_id: positiveId.optional(),
});

/** `PUT /inbox/settings`: the email mode for some types (the others keep theirs). */
export const updateInboxSettingsSchema = z.object({
  email: z.partialRecord(z.enum(inboxItemTypes, { error: "is not an inbox item type" }), z.enum(inboxEmailModes, { error: "must be off, immediately or daily" })),
});

export const inboxItemParam = z.object({ ws: positiveId, id: positiveId });

/** What the hub pushes to a user's open tabs (durable/inbox.ts). */
export interface InboxPush {
  type: "inbox.created" | "inbox.changed";
  workspace_id: number;
  item_id?: number;
  item_type?: InboxItemType;
  [key: string]: unknown;
}
