import { DEFAULT_SORT, isSortOrder, type SortOrder } from "../../core/enums";
import { DEFAULT_SIDEBAR_WIDTH } from "../../core/breakpoints";
import { reporter, type Reporter } from "./reporter";

/**
 * What the browser remembers between visits (SPEC section 7 "Persistence"): navigation
 * preferences, the sidebar, its width and open folders in local storage; the workspaces
 * list and the tab's session id in session storage. Storage can be full, disabled or
 * blocked: every failure is reported at info level and the default is used instead.
 */

export interface NavigationPreferences {
  hideLeftNavRail: boolean;
  preferredSort: SortOrder;
  openWorkspaceDropdown: boolean;
}

export interface SidebarPreferences {
  locked: boolean;
  activeTab: string;
}

export const defaultNavigation: NavigationPreferences = {
  hideLeftNavRail: false,
  preferredSort: DEFAULT_SORT,
  openWorkspaceDropdown: false,
};
export const defaultSidebar: SidebarPreferences = { locked: true, activeTab: "workspace" };
export const SIDEBAR_WIDTH_MIN = 200;
export const SIDEBAR_WIDTH_MAX = 480;

export const STORAGE_KEYS = {
  navigation: "brandwork.navigation",
  sidebar: "brandwork.sidebar",
  sidebarWidth: "brandwork.sidebarWidth",
  openFolders: "brandwork.openFolders",
  workspaces: "brandwork.workspaces",
  sessionUuid: "brandwork.sessionUuid",
  anonymousUser: "brandwork.anonymousUser",
  unregisteredUser: "brandwork.unregisteredUser",
} as const;

type StorageKind = "local" | "session";

/** JSON values in one Storage, never throwing: failures are reported and defaults returned. */
export function createStore(getStorage: () => Storage | undefined, kind: StorageKind, report: Reporter = reporter) {
  function storage(): Storage | null {
    try {
      return getStorage() ?? null;
    } catch (error) {
      report.captureMessage(`${kind} storage is unavailable`, "info", { error: String(error) });
      return null;
    }
  }
  return {
    read<T>(key: string, fallback: T, accept: (value: unknown) => T | null = (v) => v as T): T {
      const store = storage();
      if (!store) return fallback;
      try {
        const raw = store.getItem(key);
        if (raw === null) return fallback;
        return accept(JSON.parse(raw)) ?? fallback;
      } catch (error) {
        report.captureMessage(`Could not read ${key} from ${kind} storage`, "info", { error: String(error) });
        return fallback;
      }
    },
    write(key: string, value: unknown): boolean {
      const store = storage();
      if (!store) return false;
      try {
        store.setItem(key, JSON.stringify(value));
        return true;
      } catch (error) {
        report.captureMessage(`Could not write ${key} to ${kind} storage`, "info", { error: String(error) });
        return false;
      }
    },
    remove(key: string) {
      try {
        storage()?.removeItem(key);
      } catch (error) {
        report.captureMessage(`Could not remove ${key} from ${kind} storage`, "info", { error: String(error) });
      }
    },
  };
}

export type Store = ReturnType<typeof createStore>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === "object" && !Array.isArray(value);

export function acceptNavigation(value: unknown): NavigationPreferences | null {
  if (!isObject(value)) return null;
  return {
    hideLeftNavRail: typeof value.hideLeftNavRail === "boolean" ? value.hideLeftNavRail : defaultNavigation.hideLeftNavRail,
    preferredSort: isSortOrder(value.preferredSort) ? value.preferredSort : defaultNavigation.preferredSort,
    openWorkspaceDropdown:
      typeof value.openWorkspaceDropdown === "boolean" ? value.openWorkspaceDropdown : defaultNavigation.openWorkspaceDropdown,
  };
}

export function acceptSidebar(value: unknown): SidebarPreferences | null {
  if (!isObject(value)) return null;
  return {
    locked: typeof value.locked === "boolean" ? value.locked : defaultSidebar.locked,
    activeTab: typeof value.activeTab === "string" && value.activeTab ? value.activeTab : defaultSidebar.activeTab,
  };
}

export function clampSidebarWidth(value: unknown): number | null {
  if (typeof value !== "number" || !Number.isFinite(value)) return null;
  return Math.round(Math.min(SIDEBAR_WIDTH_MAX, Math.max(SIDEBAR_WIDTH_MIN, value)));
}

function acceptOpenFolders(value: unknown): Record<string, string[]> | null {
  if (!isObject(value)) return null;
  const result: Record<string, string[]> = {};
  for (const [key, ids] of Object.entries(value)) {
    if (Array.isArray(ids)) result[key] = ids.filter((id): id is string => typeof id === "string");
  }
  return result;
}

/** The preferences over a pair of stores; `preferences` below is the browser's. */
export function createPreferences(local: Store, session: Store) {
  return {
    navigation: () => local.read(STORAGE_KEYS.navigation, defaultNavigation, acceptNavigation),
    setNavigation(patch: Partial<NavigationPreferences>) {
      const next = { ...this.navigation(), ...patch };
      local.write(STORAGE_KEYS.navigation, next);
      return next;
    },
    sidebar: () => local.read(STORAGE_KEYS.sidebar, defaultSidebar, acceptSidebar),
    setSidebar(patch: Partial<SidebarPreferences>) {
      const next = { ...this.sidebar(), ...patch };
      local.write(STORAGE_KEYS.sidebar, next);
      return next;
    },
    sidebarWidth: () => local.read(STORAGE_KEYS.sidebarWidth, DEFAULT_SIDEBAR_WIDTH, clampSidebarWidth),
    setSidebarWidth(width: number) {
      const next = clampSidebarWidth(width) ?? DEFAULT_SIDEBAR_WIDTH;
      local.write(STORAGE_KEYS.sidebarWidth, next);
      return next;
    },
    openFolders: (key: string) => local.read(STORAGE_KEYS.openFolders, {}, acceptOpenFolders)[key] ?? [],
    setOpenFolders(key: string, ids: string[]) {
      const all = local.read(STORAGE_KEYS.openFolders, {}, acceptOpenFolders);
      local.write(STORAGE_KEYS.openFolders, { ...all, [key]: ids });
    },
    workspaces: <T>() => session.read<T[]>(STORAGE_KEYS.workspaces, [], (v) => (Array.isArray(v) ? (v as T[]) : null)),
    setWorkspaces: (workspaces: unknown[]) => session.write(STORAGE_KEYS.workspaces, workspaces),
    clearWorkspaces: () => session.remove(STORAGE_KEYS.workspaces),
  };
}

const browserLocal = createStore(() => (typeof window === "undefined" ? undefined : window.localStorage), "local");
const browserSession = createStore(() => (typeof window === "undefined" ? undefined : window.sessionStorage), "session");

export const preferences = createPreferences(browserLocal, browserSession);
export { browserLocal, browserSession };
