import type { ComponentType, SVGProps } from "react";
import { GroupsIcon, HomeIcon, PeopleIcon, PulseIcon, SettingsIcon } from "../ui/icons";

export interface NavItem {
  to: string;
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Match only the exact path (for "/"), not its children. */
  end?: boolean;
}

/**
 * The destinations in the left nav rail. Each area adds its entry here when it ships
 * (documents, create, brand kits, campaigns, scheduled posts, analytics), so the rail
 * never points at a page that does not exist yet.
 */
export const railItems: NavItem[] = [
  { to: "/", label: "Home", icon: HomeIcon, end: true },
  { to: "/status", label: "System status", icon: PulseIcon },
];

/** What the sidebar needs to know about the current workspace to build its links. */
export interface WorkspaceNavContext {
  id: number;
  role: string | null;
}

/**
 * The current workspace's pages, in the sidebar's "This workspace" section. Like the rail,
 * an entry appears only once its page exists; admin-only pages only for admins.
 */
export function workspaceNavItems({ id, role }: WorkspaceNavContext): NavItem[] {
  const base = `/workspaces/${id}`;
  const isAdmin = role === "admin" || role === "super_admin";
  return [
    // Guests see the member list only where the workspace allows it: the page says so, the sidebar doesn't offer it.
    ...(role === "guest" ? [] : [{ to: `${base}/members`, label: "Members", icon: PeopleIcon }]),
    { to: `${base}/groups`, label: "Groups", icon: GroupsIcon },
    ...(isAdmin ? [{ to: `${base}/settings`, label: "Settings", icon: SettingsIcon }] : []),
  ];
}
