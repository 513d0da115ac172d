import { NavLink } from "@remix-run/react";
import type { ReactNode } from "react";
import { CloseIcon } from "../ui/icons";
import { railItems, type NavItem } from "./navigation";
import { SidebarTabs } from "./SidebarTabs";

interface SidebarProps {
  id: string;
  open: boolean;
  onClose: () => void;
  /** Replaces the product name at the top, e.g. with the workspace switcher. */
  header?: ReactNode;
  footer?: ReactNode;
  /** The drag handle on the sidebar's edge (desktop and tablet landscape). */
  resizer?: ReactNode;
  /** Links into the current workspace's pages. */
  workspaceItems?: NavItem[];
}

/**
 * The contextual sidebar beside the rail. On desktop it is always in the flow; below
 * 900px it becomes a drawer over the content, closed with Escape, the close button or
 * the backdrop.
 */
export function Sidebar({ id, open, onClose, header, footer, resizer, workspaceItems = [] }: SidebarProps) {
  return (
    <>
      <aside id={id} className="sidebar" data-open={open} aria-label="Workspace">
        <div className="sidebar__header">
          {header ?? <span className="sidebar__title">Brandwork</span>}
          <button type="button" className="icon-button sidebar__close" onClick={onClose} aria-label="Close sidebar">
            <CloseIcon />
          </button>
        </div>
        <SidebarTabs onNavigate={onClose}>
          <nav className="sidebar__nav" aria-label="Sections">
            {/* The workspace's own Home stands for "/" (which leads there), so Home is listed once. */}
            <NavSection title="Workspace" items={workspaceItems.length > 0 ? railItems.filter((item) => item.to !== "/") : railItems} onNavigate={onClose} />
            {workspaceItems.length > 0 && <NavSection title="This workspace" items={workspaceItems} onNavigate={onClose} />}
          </nav>
        </SidebarTabs>
        {footer ? <div className="sidebar__footer">{footer}</div> : null}
        {resizer}
      </aside>
      <div className="sidebar-backdrop" data-open={open} onClick={onClose} aria-hidden="true" />
    </>
  );
}

function NavSection({ title, items, onNavigate }: { title: string; items: NavItem[]; onNavigate: () => void }) {
  return (
    <>
      <p className="sidebar__section">{title}</p>
      <ul>
        {items.map(({ to, label, icon: ItemIcon, end }) => (
          <li key={to}>
            <NavLink to={to} end={end} className="sidebar__link" onClick={onNavigate}>
              <ItemIcon aria-hidden="true" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </>
  );
}
