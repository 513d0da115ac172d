import { describe, expect, it } from "vitest";
import { colorScheme, themeStyle } from "./theme";

describe("themeStyle", () => {
  it("gives the stylesheet the hue, from which it derives each scheme's accent family", () => {
    expect(themeStyle({ hue: 160, overrides: {} })).toEqual({ "--hue": "160" });
    expect(themeStyle(null)).toBeUndefined();
  });

  it("applies an accent override in both schemes", () => {
    for (const scheme of ["light", "dark", "system"] as const) {
      expect(themeStyle({ hue: 10, overrides: { accent: "#123456" } }, scheme)).toMatchObject({ "--theme-accent": "#123456" });
    }
  });

  it("applies background, surface and text overrides to light, and to dark only when the workspace pins dark", () => {
    const overrides = { background: "#fafafa", surface: "#ffffff", text: "#111111" };
    const light = { "--hue": "10", "--theme-bg": "#fafafa", "--theme-surface": "#ffffff", "--theme-text": "#111111" };
    expect(themeStyle({ hue: 10, overrides }, "light")).toEqual(light);
    expect(themeStyle({ hue: 10, overrides }, "system")).toEqual(light);
    expect(themeStyle({ hue: 10, overrides }, "dark")).toEqual({
      "--hue": "10",
      "--theme-bg-dark": "#fafafa",
      "--theme-surface-dark": "#ffffff",
      "--theme-text-dark": "#111111",
    });
  });
});

describe("colorScheme", () => {
  it("is the workspace's choice, and light outside a workspace or for anything unknown", () => {
    expect(colorScheme({ color_scheme: "dark" })).toBe("dark");
    expect(colorScheme({ color_scheme: "system" })).toBe("system");
    expect(colorScheme({ color_scheme: "light" })).toBe("light");
    expect(colorScheme({ color_scheme: "sepia" })).toBe("light");
    expect(colorScheme(null)).toBe("light");
  });
});
