import * as z from "zod";
import { count } from "../counting";
import { membershipRoles } from "../enums";
import { positiveId, tooLong } from "./common";
import { listQuery } from "./pagination";
import { emailField, passwordField, profileCardOut } from "./users";

/** Most addresses one onboarding call takes: each may send an invitation email. */
export const MAX_ONBOARDING_EMAILS = 50;
/** SPEC section 9: a member's articles default to 3 items. */
export const DEFAULT_MEMBER_ARTICLES = 3;
export const MAX_MEMBER_ARTICLES = 50;

const role = z.enum(membershipRoles, { error: `must be one of ${membershipRoles.join(", ")}` });

/** `/w/:ws/members/:id`, `/w/:ws/settings/members/:id`, `/w/:ws/settings/guests/:id`: `id` is the user's id. */
export const memberParam = z.object({ ws: positiveId, id: positiveId });

/** GET /v1/w/:ws/members, /v1/w/:ws/settings/members, /v1/w/:ws/settings/guests: `page`/`per_page` or `cursor`/`limit`. */
export const listMembersQuery = listQuery;

/** POST /v1/w/:ws/settings/members */
export const inviteMemberSchema = z.object({
  role,
  email: emailField,
  /** Where the emailed link should land; only a URL on the app's own origin is used. */
  url_invitation: z.string().trim().max(2048, tooLong(2048)).nullish(),
  message: z.string().trim().max(1000, tooLong(1000)).nullish(),
  invite_reason: z.string().trim().max(500, tooLong(500)).nullish(),
});

/** PUT /v1/w/:ws/settings/members/:id */
export const changeMemberRoleSchema = z.object({ role });

/** PUT /v1/w/:ws/members/:id */
export const updateMemberSchema = z.object({
  data: z.object({ role }).partial().strict(),
});

/** PUT /v1/w/:ws/settings/members/:id/reactivate: admin true brings them back as an admin. */
export const reactivateMemberSchema = z.object({ admin: z.boolean({ error: "must be true or false" }) });

/** GET /v1/w/:ws/members/:id/articles */
export const memberArticlesQuery = z.object({
  items: z.coerce
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .min(1, { error: "must be at least 1" })
    .max(MAX_MEMBER_ARTICLES, { error: `must be at most ${MAX_MEMBER_ARTICLES}` })
    .default(DEFAULT_MEMBER_ARTICLES),
});

/** POST /v1/w/:ws/onboarding/invite */
export const onboardingInviteSchema = z.object({
  emails: z
    .array(emailField)
    .min(1, "must name at least one email")
    .max(MAX_ONBOARDING_EMAILS, `can name at most ${count(MAX_ONBOARDING_EMAILS, "email")} at once`),
});

/**
 * DELETE /v1/w/:ws/settings/guests/:id/remove_from_workspace. `remove_access` deletes the
 * guest's membership (and their groups in the workspace); `deactivate` keeps it, reversibly.
 */
export const guestRemovalTypes = ["remove_access", "deactivate"] as const;
export const guestRemovalQuery = z.object({
  removal_type: z.enum(guestRemovalTypes, { error: `must be one of ${guestRemovalTypes.join(", ")}` }),
});

/** `/invitations/:token`: anything that is not a live token is a 404, so only the length is checked here. */
export const invitationTokenParam = z.object({
  token: z.string().min(1, "can't be blank").max(200, "is not a valid invitation token"),
});

const acceptFields = {
  first_name: z.string().trim().min(1, "can't be blank").max(60, tooLong(60)),
  last_name: z.string().trim().min(1, "can't be blank").max(60, tooLong(60)),
  password: passwordField,
};

/**
 * POST /v1/invitations/:token/accept. The fields may come at the top level or, as the sign-up
 * form sends them, under `user`. The password's length is a business rule (422), as at sign-up.
 */
export const acceptInvitationSchema = z
  .object({ ...acceptFields, user: z.object(acceptFields).partial().optional() })
  .partial()
  .transform(({ user, ...top }) => ({
    first_name: top.first_name ?? user?.first_name,
    last_name: top.last_name ?? user?.last_name,
    password: top.password ?? user?.password,
  }));

export type MemberRole = (typeof membershipRoles)[number];
export type GuestRemovalType = (typeof guestRemovalTypes)[number];

/** A person in the workspace, as a colleague sees them, with their membership. `id` is the user's id. */
export const memberOut = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  profile: profileCardOut,
  following: z.boolean().optional(),
  membership_id: z.number().int(),
  workspace_id: z.number().int(),
  role: z.enum(membershipRoles),
  admin: z.boolean(),
  guest: z.boolean(),
  status: z.enum(["active", "invited", "deactivated"]),
  invited_by_id: z.number().int().nullable(),
  invitation_message: z.string().nullable(),
  invite_reason: z.string().nullable(),
  invited_at: z.string().nullable(),
  accepted_at: z.string().nullable(),
  deactivated_at: z.string().nullable(),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type MemberOut = z.infer<typeof memberOut>;
