import type { ComponentType, SVGProps } from "react";
import {
  ArchiveIcon,
  BookIcon,
  BulbIcon,
  CardIcon,
  ChartIcon,
  CheckIcon,
  ClockIcon,
  DocIcon,
  FilesIcon,
  GroupsIcon,
  HomeIcon,
  KeyIcon,
  ImportIcon,
  InboxIcon,
  MegaphoneIcon,
  PaletteIcon,
  PeopleIcon,
  PlusIcon,
  PulseIcon,
  SettingsIcon,
  ShareIcon,
  StarIcon,
  TagIcon,
  TemplateIcon,
  UploadIcon,
} from "../ui/icons";

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
  // With a workspace, "/" is its home (the sidebar lists that Home once, under the workspace).
  { to: "/", label: "Home", icon: HomeIcon, end: true },
  { to: "/create", label: "Create", icon: PlusIcon },
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
  const isGuest = role === "guest";
  return [
    { to: `${base}/home`, label: "Home", icon: HomeIcon },
    { to: `${base}/inbox`, label: "Inbox", icon: InboxIcon },
    { to: `${base}/todos`, label: "Todos", icon: CheckIcon },
    { to: `${base}/recent`, label: "Recent", icon: ClockIcon },
    { to: `${base}/shared_with_me`, label: "Shared with me", icon: ShareIcon },
    { to: `${base}/favorites`, label: "Favorites", icon: StarIcon },
    { to: `${base}/all_docs`, label: "All docs", icon: DocIcon },
    { to: `${base}/all_files`, label: "All files", icon: FilesIcon },
    ...(isGuest
      ? []
      : [
          { to: `${base}/campaigns`, label: "Campaigns", icon: MegaphoneIcon },
          { to: `${base}/contacts`, label: "Contacts", icon: PeopleIcon },
          { to: `${base}/scheduled-posts`, label: "Scheduled posts", icon: ClockIcon },
          { to: `${base}/analytics`, label: "Analytics", icon: ChartIcon },
          { to: `${base}/paid-ads`, label: "Paid ads", icon: MegaphoneIcon },
          { to: `${base}/brand-kits`, label: "Brand kits", icon: PaletteIcon },
          { to: `${base}/brain`, label: "Brain", icon: BulbIcon },
          { to: `${base}/article_style`, label: "House style", icon: DocIcon },
          { to: `${base}/handbooks`, label: "Handbooks", icon: BookIcon },
          { to: `${base}/templates`, label: "Templates", icon: TemplateIcon },
          { to: `${base}/uploads`, label: "Uploads", icon: UploadIcon },
          { to: `${base}/import`, label: "Import", icon: ImportIcon },
        ]),
    { to: `${base}/archive`, label: "Archive", icon: ArchiveIcon },
    // Guests see the member list only where the workspace allows it: the page says so, the sidebar doesn't offer it.
    ...(isGuest ? [] : [{ to: `${base}/members`, label: "Members", icon: PeopleIcon }]),
    { to: `${base}/groups`, label: "Groups", icon: GroupsIcon },
    // Members make personal tokens here and see the workspace's keys; admins also manage those.
    ...(isGuest ? [] : [{ to: `${base}/api-keys`, label: "API keys", icon: KeyIcon }]),
    // Members see the plan and its usage read-only; admins change it.
    ...(isGuest
      ? []
      : [
          { to: `${base}/billing`, label: "Billing", icon: CardIcon },
          { to: `${base}/plans`, label: "Plans", icon: TagIcon },
        ]),
    ...(isAdmin ? [{ to: `${base}/settings`, label: "Settings", icon: SettingsIcon }] : []),
  ];
}
