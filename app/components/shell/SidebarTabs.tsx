import { useRouteLoaderData } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { preferences } from "~/lib/preferences";
import type { loader as shellLoader } from "~/routes/_shell";
import { FavoritesPanel } from "./FavoritesPanel";
import { FolderTree } from "./FolderTree";

const TABS = [
  { id: "workspace", label: "Workspace" },
  { id: "favorites", label: "Favorites" },
] as const;
type TabId = (typeof TABS)[number]["id"];

/**
 * The sidebar's two tabs (SPEC section 3, `sidebar.activeTab`): "Workspace" holds the
 * navigation and the folder tree, "Favorites" the person's starred items. The chosen tab is
 * remembered in this browser.
 */
export function SidebarTabs({ children, onNavigate }: { children: ReactNode; onNavigate: () => void }) {
  const shell = useRouteLoaderData<typeof shellLoader>("routes/_shell");
  const workspace = shell?.currentWorkspace ?? null;
  const [active, setActive] = useState<TabId>("workspace");
  const baseId = useId();
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});

  useEffect(() => {
    const stored = preferences.sidebar().activeTab;
    if (TABS.some((tab) => tab.id === stored)) setActive(stored as TabId);
  }, []);

  if (!workspace) return <>{children}</>;

  const choose = (tab: TabId, focus = false) => {
    setActive(tab);
    preferences.setSidebar({ activeTab: tab });
    if (focus) tabRefs.current[tab]?.focus();
  };
  // Arrow keys move between tabs (WAI-ARIA tabs pattern, automatic activation).
  const onKeyDown = (event: KeyboardEvent) => {
    const index = TABS.findIndex((tab) => tab.id === active);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: TABS.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    choose(TABS[(next + TABS.length) % TABS.length]!.id, true);
  };

  return (
    <div className="sidebar-tabs">
      <div role="tablist" aria-label="Sidebar" className="sidebar-tabs__list" onKeyDown={onKeyDown}>
        {TABS.map((tab) => (
          <button
            key={tab.id}
            ref={(element) => {
              tabRefs.current[tab.id] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-${tab.id}-tab`}
            aria-controls={`${baseId}-${tab.id}-panel`}
            aria-selected={active === tab.id}
            tabIndex={active === tab.id ? 0 : -1}
            className="sidebar-tabs__tab"
            onClick={() => choose(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-workspace-panel`}
        aria-labelledby={`${baseId}-workspace-tab`}
        hidden={active !== "workspace"}
        className="sidebar-tabs__panel"
      >
        {children}
        <FolderTree rows={shell?.folderTree ?? []} workspaceKey={workspace.key} onNavigate={onNavigate} />
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-favorites-panel`}
        aria-labelledby={`${baseId}-favorites-tab`}
        hidden={active !== "favorites"}
        className="sidebar-tabs__panel"
      >
        {active === "favorites" ? <FavoritesPanel workspaceId={workspace.id} onNavigate={onNavigate} /> : null}
      </div>
    </div>
  );
}
