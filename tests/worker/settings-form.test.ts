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
});
