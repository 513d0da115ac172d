import { describe, expect, it } from "vitest";
import { createPreferences, createStore, defaultNavigation, STORAGE_KEYS } from "./preferences";
import { createReporter } from "./reporter";

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  failWrites = false;
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    if (this.failWrites) throw new Error("QuotaExceededError");
    this.items.set(key, value);
  }
}

function setup() {
  const local = new MemoryStorage();
  const session = new MemoryStorage();
  const reports: { message: string; level: string }[] = [];
  const reporter = createReporter();
  reporter.captureMessage = (message, level = "info") => void reports.push({ message, level });
  const prefs = createPreferences(createStore(() => local, "local", reporter), createStore(() => session, "session", reporter));
  return { local, session, reports, prefs };
}

describe("preferences", () => {
  it("has the spec's defaults: sort name_asc, sidebar width 256", () => {
    const { prefs } = setup();
    expect(prefs.navigation()).toEqual({ hideLeftNavRail: false, preferredSort: "name_asc", openWorkspaceDropdown: false });
    expect(prefs.sidebarWidth()).toBe(256);
    expect(prefs.sidebar()).toEqual({ locked: true, activeTab: "workspace" });
  });

  it("keeps navigation, sidebar, width and open folders in local storage", () => {
    const { prefs, local } = setup();
    prefs.setNavigation({ hideLeftNavRail: true, preferredSort: "last_modified_desc" });
    prefs.setSidebar({ locked: false });
    prefs.setSidebarWidth(300);
    prefs.setOpenFolders("handbook-1", ["a", "b"]);
    expect(JSON.parse(local.getItem(STORAGE_KEYS.navigation)!)).toEqual({
      ...defaultNavigation,
      hideLeftNavRail: true,
      preferredSort: "last_modified_desc",
    });
    expect(prefs.sidebar()).toEqual({ locked: false, activeTab: "workspace" });
    expect(prefs.sidebarWidth()).toBe(300);
    expect(prefs.openFolders("handbook-1")).toEqual(["a", "b"]);
    expect(prefs.openFolders("other")).toEqual([]);
  });

  it("keeps the workspaces list in session storage", () => {
    const { prefs, session, local } = setup();
    prefs.setWorkspaces([{ id: 1, name: "Acme" }]);
    expect(JSON.parse(session.getItem(STORAGE_KEYS.workspaces)!)).toEqual([{ id: 1, name: "Acme" }]);
    expect(local.getItem(STORAGE_KEYS.workspaces)).toBeNull();
    prefs.clearWorkspaces();
    expect(prefs.workspaces()).toEqual([]);
  });

  it("ignores stored values of the wrong shape", () => {
    const { prefs, local } = setup();
    local.setItem(STORAGE_KEYS.navigation, JSON.stringify({ preferredSort: "random", hideLeftNavRail: "yes" }));
    local.setItem(STORAGE_KEYS.sidebarWidth, JSON.stringify(5000));
    expect(prefs.navigation()).toEqual(defaultNavigation);
    expect(prefs.sidebarWidth()).toBe(480);
  });

  it("reports storage failures at info level and falls back to defaults", () => {
    const { prefs, local, reports } = setup();
    local.failWrites = true;
    prefs.setSidebarWidth(320);
    local.setItem = () => undefined;
    local.getItem = () => "{not json";
    expect(prefs.navigation()).toEqual(defaultNavigation);
    expect(reports.map((r) => r.level)).toEqual(["info", "info"]);
    expect(reports[0]!.message).toContain(STORAGE_KEYS.sidebarWidth);
  });

  it("survives storage that cannot even be opened", () => {
    const reports: string[] = [];
    const reporter = createReporter();
    reporter.captureMessage = (message) => void reports.push(message);
    const blocked = createStore(
      () => {
        throw new Error("SecurityError");
      },
      "local",
      reporter,
    );
    expect(blocked.read("x", 1)).toBe(1);
    expect(blocked.write("x", 2)).toBe(false);
    expect(reports).toHaveLength(2);
  });
});
