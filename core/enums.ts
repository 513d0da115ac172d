// Enumerations from SPEC section 3, shared by the API, the UI and tests.

export const userRoles = ["super_admin", "admin", "member", "guest", "unauthed"] as const;
export type UserRole = (typeof userRoles)[number];

/** Roles a workspace membership can hold (super_admin is platform-wide, unauthed is nobody). */
export const membershipRoles = ["admin", "member", "guest"] as const;
export type MembershipRole = (typeof membershipRoles)[number];

export const sortOrders = [
  "name_asc",
  "name_desc",
  "last_modified_asc",
  "last_modified_desc",
  "owner_asc",
  "owner_desc",
] as const;
export const DEFAULT_SORT = "name_asc" satisfies (typeof sortOrders)[number];
/** Whether a query parameter (or any value) names one of the list orders. */
export const isSortOrder = (value: unknown): value is SortOrder => sortOrders.includes(value as SortOrder);

export const accessLevels = ["read", "comment", "edit", "owner"] as const;
export const viewKinds = ["list_view", "board_view", "table_view", "gallery_view", "folder_view", "calendar_view"] as const;
export const documentStatuses = ["draft", "in_review", "reviewed", "approved", "suggestions"] as const;
export const channelVisibilities = ["private", "public", "shared", "closed"] as const;
export const jobStatuses = ["pending", "processing", "successful", "failed", "aborted", "expired", "started"] as const;
export const pronouns = ["He / Him", "She / Her", "They / Them"] as const;
export const workspaceSettingsTabs = [
  "general",
  "sidebar",
  "preferences",
  "branding",
  "custom_url",
  "publish",
  "statuses",
  "delete",
] as const;
export type WorkspaceSettingsTab = (typeof workspaceSettingsTabs)[number];

export type AccessLevel = (typeof accessLevels)[number];
export type DocumentStatus = (typeof documentStatuses)[number];
export type SortOrder = (typeof sortOrders)[number];
export type ViewKind = (typeof viewKinds)[number];
export type JobStatus = (typeof jobStatuses)[number];
export const calendarModes = ["month_view", "week_view"] as const;

/** Whom an access grant names (SPEC section 6). */
export const accessTargetTypes = [
  "User",
  "Channel",
  "Email",
  "LayerEditors",
  "AccessMemberGroup",
  "EveryoneAtWorkspace",
  "Company",
  "UnauthUser",
] as const;
export type AccessTargetType = (typeof accessTargetTypes)[number];

export const requestAccessLabels: Record<Exclude<AccessLevel, "owner">, string> = {
  edit: "Request Edit Access",
  comment: "Request Comment Access",
  read: "Request Read Access",
};

export const handbookItemTypes = ["section", "doc", "link", "nested_handbook"] as const;
export const handbookSorts = ["custom", "newest", "oldest", "name_asc", "name_descending"] as const;
export const propertyTypes = ["text", "number", "select", "multi_select", "date", "person", "checkbox", "url"] as const;

/** Upload limit for the editor and the files API (SPEC sections 5 and 9). */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
export const UPLOAD_TOO_LARGE_MESSAGE = "Your file is over the 50 MB limit";

/** SPEC section 3: the content engine's enumerations. */
export const contentSourceTypes = ["text", "article", "url", "file"] as const;
export const logoVariants = ["Original", "Light", "Dark"] as const;
export const textRoles = ["title", "subtitle", "body"] as const;
export const contentStrategies = ["EvergreenStrategy", "PyramidStrategy", "CrosspostStrategy"] as const;
export const repurposingKinds = ["docs_into_content", "video_into_content", "websites_into_content", "audio_into_content"] as const;
export type LogoVariant = (typeof logoVariants)[number];
