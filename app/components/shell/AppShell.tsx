import { useLocation } from "@remix-run/react";
import { useEffect, useId, useState, type ReactNode } from "react";
import { MenuIcon } from "../ui/icons";
import { NavRail } from "./NavRail";
import { Sidebar } from "./Sidebar";

interface AppShellProps {
  title: string;
  children: ReactNode;
  sidebarFooter?: ReactNode;
}

/** Left nav rail, sidebar and content area: the frame of every signed-in screen. */
export function AppShell({ title, children, sidebarFooter }: AppShellProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
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
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <NavRail />
      <Sidebar id={sidebarId} open={drawerOpen} onClose={() => setDrawerOpen(false)} footer={sidebarFooter} />
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
