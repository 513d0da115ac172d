import { useLocation } from "@remix-run/react";
import { useEffect, useId, useState, type CSSProperties, type ReactNode } from "react";
import { DEFAULT_SIDEBAR_WIDTH } from "../../../core/breakpoints";
import { preferences } from "~/lib/preferences";
import { MenuIcon, SidebarIcon } from "../ui/icons";
import type { NavItem } from "./navigation";
import { NavRail } from "./NavRail";
import { Sidebar } from "./Sidebar";
import { SidebarResizer } from "./SidebarResizer";

interface AppShellProps {
  title: string;
  children: ReactNode;
  sidebarHeader?: ReactNode;
  sidebarFooter?: ReactNode;
  workspaceItems?: NavItem[];
  /** Controls at the end of the top bar (the search button). */
  topbarActions?: ReactNode;
  /** The current workspace's live entry in the nav rail (the inbox). */
  railExtra?: ReactNode;
}

/** Left nav rail, sidebar and content area: the frame of every signed-in screen. */
export function AppShell({ title, children, sidebarHeader, sidebarFooter, workspaceItems, topbarActions, railExtra }: AppShellProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Null until the person resizes (or a stored width loads): the stylesheet's width per breakpoint.
  const [sidebarWidth, setSidebarWidth] = useState<number | null>(null);
  const sidebarId = useId();
  const location = useLocation();

  // Desktop layout preferences (SPEC section 3: hideLeftNavRail, sidebar.locked), read after
  // hydration so the server render and the first client render agree.
  const [railHidden, setRailHidden] = useState(false);
  const [sidebarLocked, setSidebarLocked] = useState(true);
  useEffect(() => {
    setRailHidden(preferences.navigation().hideLeftNavRail);
    setSidebarLocked(preferences.sidebar().locked);
  }, []);
  const toggleSidebar = () => setSidebarLocked(preferences.setSidebar({ locked: !sidebarLocked }).locked);
  const toggleRail = () => setRailHidden(preferences.setNavigation({ hideLeftNavRail: !railHidden }).hideLeftNavRail);

  // Ctrl/Cmd + \ shows or hides the sidebar, as in most editors.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "\\" && (event.metaKey || event.ctrlKey)) {
        event.preventDefault();
        setSidebarLocked((locked) => preferences.setSidebar({ locked: !locked }).locked);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  useEffect(() => setDrawerOpen(false), [location.pathname]);
  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setDrawerOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [drawerOpen]);

  return (
    <div
      className="app-shell"
      data-rail={railHidden ? "hidden" : "shown"}
      data-sidebar={sidebarLocked ? "shown" : "hidden"}
      style={sidebarWidth === null ? undefined : ({ "--sidebar-width": `${sidebarWidth}px` } as CSSProperties)}
    >
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <NavRail onHide={toggleRail} extra={railExtra} />
      <Sidebar
        id={sidebarId}
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        header={sidebarHeader}
        footer={sidebarFooter}
        workspaceItems={workspaceItems}
        resizer={<SidebarResizer width={sidebarWidth ?? DEFAULT_SIDEBAR_WIDTH} onChange={setSidebarWidth} />}
      />
      <div className="app-shell__body">
        <header className="topbar">
          <button
            type="button"
            className="icon-button topbar__menu"
            aria-label="Open sidebar"
            aria-controls={sidebarId}
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          >
            <MenuIcon />
          </button>
          <button
            type="button"
            className="icon-button topbar__toggle"
            aria-label={sidebarLocked ? "Hide sidebar" : "Show sidebar"}
            aria-pressed={!sidebarLocked}
            title={`${sidebarLocked ? "Hide" : "Show"} sidebar (Ctrl+\\)`}
            onClick={toggleSidebar}
          >
            <SidebarIcon />
          </button>
          <h1 className="topbar__title">{title}</h1>
          {topbarActions}
          {railHidden && (
            <button type="button" className="button topbar__rail-toggle" onClick={toggleRail}>
              Show navigation rail
            </button>
          )}
        </header>
        <main id="main" className="content" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
