import { describe, expect, it } from "vitest";
import { workspaceSettingsSchema } from "../../core/contracts/workspaces";
import { settingsFromForm } from "../../app/lib/settings-form";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.append(key, value);
  return data;
};

describe("settings forms without JavaScript", () => {
  it("reads unchecked boxes as false and checked ones as true", () => {
    const sidebar = settingsFromForm("sidebar", form({ show_recent: "on" }));
    expect(sidebar).toEqual({ show_recent: true, show_favorites: false, show_handbooks: false, show_groups: false });
    expect(workspaceSettingsSchema.shape.sidebar.safeParse(sidebar).success).toBe(true);
  });

  it("turns the branding form into a theme the API accepts, dropping empty overrides", () => {
    const branding = settingsFromForm(
      "branding",
      form({ hue: "120", preset: "forest", color_scheme: "dark", override_accent: "#112233", override_text: "", app_logo_url: "" }),
    );
    expect(branding).toEqual({
      theme: { hue: 120, preset: "forest", overrides: { accent: "#112233" } },
      color_scheme: "dark",
      app_logo_url: null,
    });
    expect(workspaceSettingsSchema.shape.branding.safeParse(branding).success).toBe(true);
  });

  it("lets the schema refuse what the form cannot prevent", () => {
    const general = settingsFromForm("general", form({ name: "   ", logo_url: "ftp://x" }));
    const result = workspaceSettingsSchema.shape.general.safeParse(general);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path.join("."))).toEqual(expect.arrayContaining(["name", "logo_url"]));
  });

  it("carries the workspace's time zone and the late window, and the schema judges them", () => {
    const preferences = settingsFromForm("preferences", form({ default_sort: "name_asc", default_view: "list_view", version_control_mode: "off", time_zone: "Europe/Paris" }));
    expect(preferences).toMatchObject({ time_zone: "Europe/Paris" });
    expect(workspaceSettingsSchema.shape.preferences.safeParse(preferences).success).toBe(true);
    const badZone = workspaceSettingsSchema.shape.preferences.safeParse({ ...preferences, time_zone: "Paris" });
    expect(badZone.error!.issues.map((issue) => issue.path.join("."))).toEqual(["time_zone"]);

    const publish = settingsFromForm("publish", form({ late_publish_minutes: "30" }));
    expect(publish).toEqual({ public_directory: false, allow_search_indexing: false, allow_embedding: false, late_publish_minutes: 30 });
    expect(workspaceSettingsSchema.shape.publish.safeParse(publish).success).toBe(true);
    // Blank keeps the current window; a word is refused, not read as 0.
    expect(settingsFromForm("publish", form({ late_publish_minutes: "" }))).not.toHaveProperty("late_publish_minutes");
    expect(workspaceSettingsSchema.shape.publish.safeParse(settingsFromForm("publish", form({ late_publish_minutes: "soon" }))).success).toBe(false);
  });
});
