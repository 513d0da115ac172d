import * as z from "zod";
import { channelVisibilities } from "../enums";
import { positiveId, queryBoolean } from "./common";
import { pageQuery } from "./pagination";
import { emailField } from "./users";

/** Most addresses one "add members" call takes: each may send an invitation email. */
export const MAX_EMAILS_PER_CALL = 50;

/** POST /v1/w/:ws/channels */
export const createChannelSchema = z.object({
  channel: z.object({
    name: z.string().trim().min(1, "can't be blank").max(80, "is too long (at most 80 characters)"),
    description: z.string().trim().max(500, "is too long (at most 500 characters)").optional(),
    visibility: z.enum(channelVisibilities, { error: `must be one of ${channelVisibilities.join(", ")}` }),
  }),
});

/** GET /v1/w/:ws/channels, one page at a time (`page`, `per_page`). */
export const listChannelsQuery = pageQuery.extend({ include_open_groups: queryBoolean });

/** POST /v1/channels/:id/channel_memberships */
export const addChannelMembersSchema = z.object({
  emails: z
    .array(emailField)
    .min(1, "must name at least one email")
    .max(MAX_EMAILS_PER_CALL, `can name at most ${MAX_EMAILS_PER_CALL} emails at once`),
});

/** POST /v1/channels/:id/join */
export const joinChannelSchema = z.object({ user_id: positiveId });

/** POST /v1/channel_join_requests/:id/accept */
export const acceptJoinRequestSchema = z.object({
  token: z.string().min(1, "can't be blank").max(200, "is not a valid token"),
});

export type CreateChannelInput = z.infer<typeof createChannelSchema>["channel"];
export type ChannelMembershipResult = "added" | "already_member" | "invited" | "deactivated";
