import * as z from "zod";
import { tooLong } from "./common";
import { isTimeZone } from "../publishing/time";
import { DEFAULT_SORT, documentStatuses, sortOrders, viewKinds } from "../enums";
import { approvalScopes } from "./reviews";

const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a colour like #4f46e5");
const httpsUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });

export const companyFields = {
  name: z.string().trim().min(1, "can't be blank").max(80, tooLong(80)),
  company_size: z.enum(["1-10", "11-50", "51-200", "201-1000", "1000+"]).nullish(),
  team_type: z.string().trim().max(60).nullish(),
  logo_url: httpsUrl.nullish(),
};

/** POST /v1/w */
export const createWorkspaceSchema = z.object({
  company: z.object({
    ...companyFields,
    is_freemium: z.boolean().optional(),
    is_virtual_marketer: z.boolean().optional(),
  }),
});

/** Settings, one object per tab of SPEC section 3; every field optional on PUT. */
export const workspaceSettingsSchema = z.object({
  general: z.object(companyFields).partial().strict(),
  sidebar: z
    .object({
      show_recent: z.boolean(),
      show_favorites: z.boolean(),
      show_handbooks: z.boolean(),
      show_groups: z.boolean(),
    })
    .partial()
    .strict(),
  preferences: z
    .object({
      default_sort: z.enum(sortOrders),
      default_view: z.enum(viewKinds),
      members_can_invite: z.boolean(),
      guests_can_see_members: z.boolean(),
      version_control_mode: z.enum(["off", "branches"]),
      /** The workspace's IANA time zone: the calendar's default and schedules' default. */
      time_zone: z.string().trim().min(1).max(64).refine(isTimeZone, "must be a time zone such as Europe/Paris"),
    })
    .partial()
    .strict(),
  branding: z
    .object({
      theme: z
        .object({
          hue: z.number().int().min(0).max(360),
          preset: z.enum(["indigo", "ocean", "forest", "sunset", "graphite"]),
          overrides: z.partialRecord(z.enum(["accent", "background", "surface", "text"]), hex),
        })
        .partial()
        .strict(),
      color_scheme: z.enum(["light", "dark", "system"]),
      app_logo_url: httpsUrl.nullable(),
    })
    .partial()
    .strict(),
  custom_url: z
    .object({
      subdomain: z
        .string()
        .regex(/^[a-z0-9](?:[a-z0-9-]{1,30}[a-z0-9])$/, "use 3-32 lowercase letters, digits or dashes")
        .nullable(),
    })
    .partial()
    .strict(),
  publish: z
    .object({
      public_directory: z.boolean(),
      allow_search_indexing: z.boolean(),
      /** Whether other sites may frame this workspace's public pages (`/p/...`); off by default. */
      allow_embedding: z.boolean(),
      default_category_id: z.number().int().positive().nullable(),
      /** A scheduled post found this many minutes late is still published; later, it is missed. */
      late_publish_minutes: z.number().int().min(0).max(1440),
    })
    .partial()
    .strict(),
  statuses: z
    .object({
      labels: z.partialRecord(z.enum(documentStatuses), z.string().trim().min(1).max(40)),
      /** What may only go out once its document is `approved` (scheduling and publishing ask `requiresApproval`). */
      require_approval: z.partialRecord(z.enum(approvalScopes), z.boolean()),
    })
    .partial()
    .strict(),
});

/** PUT /v1/w/:ws/settings/workspace: any subset of tabs, each merged into what is stored. */
export const updateWorkspaceSettingsSchema = workspaceSettingsSchema.partial().strict();

/** What the settings column holds (general lives in the workspace's own columns). */
export type WorkspaceSettings = Omit<z.infer<typeof updateWorkspaceSettingsSchema>, "general">;

/** What a workspace's settings are before anyone changes them. */
export const defaultWorkspaceSettings = {
  sidebar: { show_recent: true, show_favorites: true, show_handbooks: true, show_groups: true },
  preferences: {
    default_sort: DEFAULT_SORT,
    default_view: "list_view",
    members_can_invite: true,
    guests_can_see_members: false,
    version_control_mode: "off",
    time_zone: "UTC",
  },
  branding: {
    theme: { hue: 243, preset: "indigo", overrides: {} as Partial<Record<"accent" | "background" | "surface" | "text", string>> },
    color_scheme: "system",
    app_logo_url: null,
  },
  custom_url: { subdomain: null },
  publish: { public_directory: false, allow_search_indexing: false, allow_embedding: false, default_category_id: null, late_publish_minutes: 15 },
  statuses: {
    labels: { draft: "Draft", in_review: "In review", reviewed: "Reviewed", approved: "Approved", suggestions: "Suggestions" },
    require_approval: { campaign_pieces: true, scheduled_posts: true, publishing: false },
  },
} satisfies Required<Omit<z.infer<typeof workspaceSettingsSchema>, "general">>;

const brandingShape = workspaceSettingsSchema.shape.branding.shape;

/** A workspace as listed for someone who works in it; `role` is theirs there. */
export const workspaceOut = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  homepage_doc: z.number().int().nullable(),
  paying: z.boolean(),
  can_start_free_trial: z.boolean(),
  company_size_enum: z.string().nullable(),
  github_integration_enabled: z.boolean(),
  is_new: z.boolean(),
  profile: z.object({
    name: z.string(),
    logo_url: z.string().nullable(),
    team_type: z.string().nullable(),
    company_size: z.string().nullable(),
    is_freemium: z.boolean(),
    is_virtual_marketer: z.boolean(),
  }),
  theme: brandingShape.theme.unwrap().required(),
  color_scheme: brandingShape.color_scheme.unwrap(),
  app_logo_url: z.string().nullable(),
  /** The caller's role: an API key's is member, or admin with the admin scope. */
  role: z.enum(["admin", "member", "guest"]).nullable(),
  created_at: z.string(),
});
export type WorkspaceOut = z.infer<typeof workspaceOut>;
