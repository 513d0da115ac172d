import type { ComponentType, SVGProps } from "react";
import { HomeIcon, PulseIcon } from "../ui/icons";

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
