import * as z from "zod";
import { count } from "../counting";
import { apiScopes } from "./api-keys";
import { tooLong } from "./common";
import { pronouns } from "../enums";
import { isTimeZone } from "../publishing/time";

export const PASSWORD_MIN_LENGTH = 8;
/** Said by sign-up and by accepting an invitation, the two ways a password is chosen. */
export const PASSWORD_TOO_SHORT = `is too short (minimum is ${count(PASSWORD_MIN_LENGTH, "character")})`;

export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: "is not a valid email address" }).max(254));

/** Length is checked as a business rule (422), not a malformed request. */
export const passwordField = z.string().max(128, tooLong(128));

/** POST /v1/users/sign_in */
export const signInSchema = z.object({
  domain: z.string().trim().max(253).nullish(),
  user: z.object({ email: emailField, password: z.string().min(1, "can't be blank").max(128) }),
  /** From an OAuth sign-in that found this account by an unverified email: link it now. */
  oauth_link: z.string().max(4096).nullish(),
});

/** POST /v1/users (create account) */
export const signUpSchema = z.object({
  user: z.object({
    first_name: z.string().trim().min(1, "can't be blank").max(60),
    last_name: z.string().trim().min(1, "can't be blank").max(60),
    email: emailField,
    password: passwordField,
    company: z.string().trim().max(80).nullish(),
  }),
});

/** POST /v1/users/password */
export const passwordResetRequestSchema = z.object({
  email: emailField,
  redirect_url: z.string().max(2048).nullish(),
});

/** PUT /v1/password-reset */
export const passwordResetSchema = z.object({
  token: z.string().min(10, "is not a valid reset token").max(200),
  password: passwordField,
});

/** PUT /v1/password */
export const passwordChangeSchema = z.object({
  current_password: z.string().min(1, "can't be blank").max(128),
  password: passwordField,
});

/** PUT /v1/users */
export const updateUserSchema = z.object({
  data: z
    .object({
      first_name: z.string().trim().min(1, "can't be blank").max(60),
      last_name: z.string().trim().min(1, "can't be blank").max(60),
      last_workspace_id: z.number().int().positive(),
    })
    .partial()
    .strict(),
});

/** PUT /v1/profile */
export const profileSchema = z.object({
  profile: z
    .object({
      pronouns: z.enum(pronouns).nullable(),
      job_title: z.string().trim().max(100).nullable(),
      bio: z.string().trim().max(1000).nullable(),
      location: z.string().trim().max(100).nullable(),
      /** The person's own zone for calendars and schedules; null follows their computer. */
      timezone: z.string().trim().max(64).refine(isTimeZone, "must be a time zone such as Europe/Paris").nullable(),
      avatar_url: z.url({ protocol: /^https?$/ }).max(2048).nullable(),
    })
    .partial()
    .strict(),
});

/** POST /v1/user_experiments */
export const userExperimentSchema = z.object({
  feature_flag_name: z
    .string()
    .regex(/^[a-z][a-z0-9_]{1,63}$/, "use 2-64 lowercase letters, digits or underscores"),
});

/** The signed-in user as they see themselves (never the password hash). */
export const userOut = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  profile: profileSchema.shape.profile,
  is_super_admin: z.boolean(),
  last_workspace_id: z.number().int().nullable(),
  has_password: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UserOut = z.infer<typeof userOut>;

/**
 * `GET /v1/users/self`: the caller, and when the call is made with a key, the key: a workspace
 * key is its own user (no password, no membership) in the one workspace it belongs to.
 */
export const selfOut = userOut.extend({
  impersonator_id: z.number().int().nullable(),
  api_key: z
    .object({
      id: z.number().int(),
      name: z.string(),
      kind: z.enum(["workspace", "personal"]),
      /** The workspace key's workspace; null for a personal token (it works wherever its owner is a member). */
      workspace_id: z.number().int().nullable(),
      scopes: z.array(z.enum(apiScopes)),
      /** The role a workspace key acts with (admin with the admin scope); null for a personal token (its owner's, per workspace). */
      role: z.enum(["admin", "member"]).nullable(),
    })
    .nullable(),
});
export type SelfOut = z.infer<typeof selfOut>;

/** The profile fields a colleague sees beside a name (user cards, member lists). */
export const profileCardOut = z.object({
  pronouns: z.string().nullable(),
  job_title: z.string().nullable(),
  avatar_url: z.string().nullable(),
  location: z.string().nullable(),
  bio: z.string().nullable(),
});
