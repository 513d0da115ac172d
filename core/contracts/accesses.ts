import * as z from "zod";
import { count } from "../counting";
import { accessLevels, membershipRoles } from "../enums";
import { positiveId, queryBoolean, tooLong } from "./common";
import { pageQuery } from "./pagination";
import { emailField } from "./users";

/** Most grants to existing targets one share call takes. */
export const MAX_MEMBER_ACCESSES = 100;
/** Most addresses one share call takes: each may become an invitation and an email. */
export const MAX_EMAIL_ACCESSES = 50;
/** Most articles one remove_multi_from_channel call takes. */
export const MAX_BULK_ARTICLES = 500;
/** Anyone with the link never gets more than this. */
export const LINK_ACCESS_CAP = "comment" as const;

const permission = z.enum(accessLevels, { error: `must be one of ${accessLevels.join(", ")}` });
/** What can be asked for: owner is handed over, never requested. */
const requestablePermission = z.enum(["read", "comment", "edit"], { error: "must be one of read, comment, edit" });

/** Targets that already exist (email targets come in `email_accesses`). */
export const memberTargetTypes = [
  "User",
  "Channel",
  "LayerEditors",
  "AccessMemberGroup",
  "EveryoneAtWorkspace",
  "Company",
  "UnauthUser",
] as const;
export type MemberTargetType = (typeof memberTargetTypes)[number];

export const memberAccessSchema = z
  .object({
    target_type: z.enum(memberTargetTypes, { error: `must be one of ${memberTargetTypes.join(", ")}` }),
    /** The user's or the group's id, for User and Channel. */
    target_id: positiveId.optional(),
    /** The workspace role, for AccessMemberGroup. */
    role: z.enum(membershipRoles, { error: `must be one of ${membershipRoles.join(", ")}` }).optional(),
    permission,
    read_receipt: z.boolean().optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.target_type === "User" || value.target_type === "Channel") && value.target_id === undefined) {
      ctx.addIssue({ code: "custom", path: ["target_id"], message: `is required for ${value.target_type}` });
    }
    if (value.target_type === "AccessMemberGroup" && value.role === undefined) {
      ctx.addIssue({ code: "custom", path: ["role"], message: "is required for AccessMemberGroup" });
    }
    if (value.target_type === "UnauthUser" && (value.permission === "edit" || value.permission === "owner")) {
      ctx.addIssue({ code: "custom", path: ["permission"], message: "anyone with the link can get at most comment access" });
    }
  });
export type MemberAccessInput = z.infer<typeof memberAccessSchema>;

export const emailAccessSchema = z.object({
  email: emailField,
  permission,
  read_receipt: z.boolean().optional(),
});
export type EmailAccessInput = z.infer<typeof emailAccessSchema>;

const shareFields = {
  member_accesses: z
    .array(memberAccessSchema, { error: "must be a list" })
    .max(MAX_MEMBER_ACCESSES, `can name at most ${count(MAX_MEMBER_ACCESSES, "grant")} at once`)
    .default([]),
  email_accesses: z
    .array(emailAccessSchema, { error: "must be a list" })
    .max(MAX_EMAIL_ACCESSES, `can name at most ${count(MAX_EMAIL_ACCESSES, "email")} at once`)
    .default([]),
  /** The sharer's note; sent as text (tags are dropped), never as raw HTML. */
  html_message: z.string().max(20_000, tooLong(20_000)).nullish(),
  subject: z.string().trim().max(200, tooLong(200)).nullish(),
  default_message: z.string().max(5_000, tooLong(5_000)).nullish(),
  /** Shared from inside a handbook: recorded with the grants. */
  handbook_key: z.string().trim().min(1, "can't be blank").max(100, "is too long").nullish(),
};

const someone = (value: { member_accesses: unknown[]; email_accesses: unknown[] }) =>
  value.member_accesses.length + value.email_accesses.length > 0;
const someoneMessage = { message: "must name at least one person, group or email", path: ["member_accesses"] };

/** POST /v1/articles/:id/accesses, POST /v1/folders/:ref/accesses */
export const createAccessesSchema = z.object(shareFields).refine(someone, someoneMessage);
export type CreateAccessesInput = z.infer<typeof createAccessesSchema>;

/** POST /v1/accesses/create_from_new_sheet: the same, naming the article or the folder in the body. */
export const createFromNewSheetSchema = z
  .object({ ...shareFields, article_id: positiveId.optional(), folder_id: positiveId.optional() })
  .refine(someone, someoneMessage)
  .refine((value) => (value.article_id === undefined) !== (value.folder_id === undefined), {
    message: "name exactly one of article_id and folder_id",
    path: ["article_id"],
  });

/** PUT /v1/accesses/:id */
export const updateAccessSchema = z
  .object({ permission: permission.optional(), read_receipt: z.boolean().optional() })
  .refine((value) => value.permission !== undefined || value.read_receipt !== undefined, "must change permission or read_receipt");

/** DELETE /v1/accesses/:id: `remove_read_receipt` in the query string or the body. */
export const deleteAccessQuery = z.object({ remove_read_receipt: queryBoolean });
export const deleteAccessBody = z.object({ remove_read_receipt: z.boolean({ error: "must be true or false" }).optional() });

/** DELETE /v1/accesses/remove_multi_from_channel/:channelId */
export const removeFromChannelSchema = z.object({
  article_ids: z
    .array(positiveId, { error: "must be a list of article ids" })
    .min(1, "must name at least one article")
    .max(MAX_BULK_ARTICLES, `can name at most ${count(MAX_BULK_ARTICLES, "article")} at once`),
});
export const channelIdParam = z.object({ channelId: positiveId });

/** GET /v1/articles/:id/accesses/users_with_access */
export const usersWithAccessQuery = pageQuery.extend({
  handbook: z.string().trim().min(1, "can't be blank").max(100, "is too long").optional(),
});
export type UsersWithAccessQuery = z.infer<typeof usersWithAccessQuery>;

/** POST /v1/articles/:id/access_requests */
export const createAccessRequestSchema = z.object({
  permission: requestablePermission,
  message: z.string().trim().max(2_000, tooLong(2_000)).nullish(),
});

/** PUT /v1/access_requests/:id/accept */
export const acceptAccessRequestSchema = z.object({
  permission: permission.optional(),
  add_to_workspace: z.boolean().optional().default(true),
});
