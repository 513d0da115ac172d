import type { CSSProperties } from "react";

export type ColorScheme = "light" | "dark" | "system";
type Override = "accent" | "background" | "surface" | "text";

interface WorkspaceTheme {
  hue: number;
  overrides: Partial<Record<Override, string>>;
}

/** The palette variable each override replaces (app/styles/app.css reads `--theme-<name>`). */
const OVERRIDE_VARIABLES: Record<Override, string> = { accent: "accent", background: "bg", surface: "surface", text: "text" };

/**
 * The workspace's branding as the inputs of the palette in app/styles/app.css, for <html>:
 * the theme hue, from which the stylesheet derives the accent family of each colour scheme
 * (a pale soft accent in light, a deep one in dark), and the explicit colour overrides.
 *
 * These are inputs, not the palette itself, so the stylesheet can pick per scheme. The accent
 * override applies in both schemes. The background, surface and text overrides were chosen
 * against one scheme: they apply to the light one, and to the dark one only when the
 * workspace pins dark, so a device in dark mode never gets a light background with light text.
 */
export function themeStyle(theme: WorkspaceTheme | null | undefined, scheme: ColorScheme = "system"): CSSProperties | undefined {
  if (!theme) return undefined;
  const vars: Record<string, string> = { "--hue": String(theme.hue) };
  for (const [name, value] of Object.entries(theme.overrides) as [Override, string | undefined][]) {
    if (!value) continue;
    const variable = OVERRIDE_VARIABLES[name];
    vars[name === "accent" || scheme !== "dark" ? `--theme-${variable}` : `--theme-${variable}-dark`] = value;
  }
  return vars as CSSProperties;
}

/** The `data-color-scheme` for <html>: the workspace's choice, light outside any workspace. */
export const colorScheme = (workspace: { color_scheme?: string | null } | null | undefined): ColorScheme =>
  workspace?.color_scheme === "dark" || workspace?.color_scheme === "system" ? workspace.color_scheme : "light";
