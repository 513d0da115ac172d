import { describe, expect, it } from "vitest";
import { matchesShortcut, shortcutText } from "./shortcuts";

const key = (code: string, mods: Partial<Record<"metaKey" | "ctrlKey" | "altKey" | "shiftKey", boolean>> = {}) => ({
  key: "",
  code,
  metaKey: false,
  ctrlKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe("keyboard shortcuts", () => {
  it("reads Mod as Ctrl elsewhere and ⌘ on Apple systems", () => {
    expect(shortcutText("Mod+Alt+1", false)).toBe("Ctrl+Alt+1");
    expect(shortcutText("Mod+Shift+Z", true)).toBe("⌘⇧Z");
  });

  it("matches by physical key with exactly the modifiers asked for", () => {
    expect(matchesShortcut(key("Digit2", { ctrlKey: true, altKey: true }), "Mod+Alt+2", false)).toBe(true);
    expect(matchesShortcut(key("Digit2", { ctrlKey: true, altKey: true, shiftKey: true }), "Mod+Alt+2", false)).toBe(false);
    expect(matchesShortcut(key("KeyX", { metaKey: true, shiftKey: true }), "Mod+Shift+X", true)).toBe(true);
    expect(matchesShortcut(key("KeyX", { ctrlKey: true, shiftKey: true }), "Mod+Shift+X", true)).toBe(false);
  });
});
