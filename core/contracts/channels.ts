import * as z from "zod";
import { count } from "../counting";
import { channelVisibilities } from "../enums";
import { positiveId, queryBoolean, tooLong } from "./common";
import { pageQuery } from "./pagination";
import { emailField } from "./users";

/** Most addresses one "add members" call takes: each may send an invitation email. */
export const MAX_EMAILS_PER_CALL = 50;

/** POST /v1/w/:ws/channels */
export const createChannelSchema = z.object({
  channel: z.object({
    name: z.string().trim().min(1, "can't be blank").max(80, tooLong(80)),
    description: z.string().trim().max(500, tooLong(500)).optional(),
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
    .max(MAX_EMAILS_PER_CALL, `can name at most ${count(MAX_EMAILS_PER_CALL, "email")} at once`),
});

/** POST /v1/channels/:id/join */
export const joinChannelSchema = z.object({ user_id: positiveId });

/** POST /v1/channel_join_requests/:id/accept */
export const acceptJoinRequestSchema = z.object({
  token: z.string().min(1, "can't be blank").max(200, "is not a valid token"),
});

export type CreateChannelInput = z.infer<typeof createChannelSchema>["channel"];
export type ChannelMembershipResult = "added" | "already_member" | "invited" | "deactivated";
