import { useLocation } from "@remix-run/react";
import { useEffect, useId, useState, type CSSProperties, type ReactNode } from "react";
import { DEFAULT_SIDEBAR_WIDTH } from "../../../core/breakpoints";
import { MenuIcon } from "../ui/icons";
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
}

/** Left nav rail, sidebar and content area: the frame of every signed-in screen. */
export function AppShell({ title, children, sidebarHeader, sidebarFooter, workspaceItems }: AppShellProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Null until the person resizes (or a stored width loads): the stylesheet's width per breakpoint.
  const [sidebarWidth, setSidebarWidth] = useState<number | null>(null);
  const sidebarId = useId();
  const location = useLocation();

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
      style={sidebarWidth === null ? undefined : ({ "--sidebar-width": `${sidebarWidth}px` } as CSSProperties)}
    >
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <NavRail />
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
          <h1 className="topbar__title">{title}</h1>
        </header>
        <main id="main" className="content" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
