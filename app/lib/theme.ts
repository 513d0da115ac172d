import type { CSSProperties } from "react";

interface WorkspaceTheme {
  hue: number;
  overrides: Partial<Record<"accent" | "background" | "surface" | "text", string>>;
}

/**
 * The workspace's branding as CSS variables for the shell: the accent family from the
 * theme hue, then any explicit colour overrides on top.
 */
export function themeStyle(theme: WorkspaceTheme | null | undefined): CSSProperties | undefined {
  if (!theme) return undefined;
  const { hue, overrides } = theme;
  const vars: Record<string, string> = {
    "--accent": `hsl(${hue} 72% 57%)`,
    "--accent-strong": `hsl(${hue} 62% 47%)`,
    "--accent-soft": `hsl(${hue} 100% 97%)`,
  };
  if (overrides.accent) vars["--accent"] = overrides.accent;
  if (overrides.background) vars["--bg"] = overrides.background;
  if (overrides.surface) vars["--surface"] = overrides.surface;
  if (overrides.text) vars["--text"] = overrides.text;
  return vars as CSSProperties;
}
