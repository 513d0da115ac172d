import { approvalScopes } from "../../core/contracts/reviews";
import { documentStatuses } from "../../core/enums";
import type { WorkspaceSettingsTab } from "../../core/enums";

/**
 * Turns one settings tab's HTML form into the JSON the settings API takes, so the page
 * works without JavaScript: checkboxes become booleans (absent = false), blank optional
 * text becomes null, numbers become numbers. Validation is the API's zod schema's job.
 */
export function settingsFromForm(tab: Exclude<WorkspaceSettingsTab, "delete">, form: FormData): Record<string, unknown> {
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const optional = (name: string) => text(name) || null;
  const checked = (name: string) => form.get(name) === "on" || form.get(name) === "true";

  switch (tab) {
    case "general":
      return { name: text("name"), company_size: optional("company_size"), team_type: optional("team_type"), logo_url: optional("logo_url") };
    case "sidebar":
      return {
        show_recent: checked("show_recent"),
        show_favorites: checked("show_favorites"),
        show_handbooks: checked("show_handbooks"),
        show_groups: checked("show_groups"),
      };
    case "preferences":
      return {
        default_sort: text("default_sort"),
        default_view: text("default_view"),
        members_can_invite: checked("members_can_invite"),
        guests_can_see_members: checked("guests_can_see_members"),
        version_control_mode: text("version_control_mode"),
        ...(text("time_zone") ? { time_zone: text("time_zone") } : {}),
      };
    case "branding": {
      const overrides = Object.fromEntries(
        (["accent", "background", "surface", "text"] as const)
          .map((key) => [key, text(`override_${key}`)] as const)
          .filter(([, value]) => value !== ""),
      );
      return {
        theme: { hue: Number(text("hue")), preset: text("preset"), overrides },
        color_scheme: text("color_scheme"),
        app_logo_url: optional("app_logo_url"),
      };
    }
    case "custom_url":
      return { subdomain: optional("subdomain") };
    case "publish":
      return {
        public_directory: checked("public_directory"),
        allow_search_indexing: checked("allow_search_indexing"),
        allow_embedding: checked("allow_embedding"),
        // Blank keeps the current window; anything else is the schema's to judge (a word is 400, not 0).
        ...(text("late_publish_minutes") ? { late_publish_minutes: Number(text("late_publish_minutes")) } : {}),
      };
    case "statuses":
      return {
        labels: Object.fromEntries(documentStatuses.map((status) => [status, text(`label_${status}`)])),
        require_approval: Object.fromEntries(approvalScopes.map((scope) => [scope, checked(`require_approval_${scope}`)])),
      };
  }
}
