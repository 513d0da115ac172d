import type { presentChannel, presentChannelCandidate, presentChannelMember, presentJoinRequest, presentMembershipResult } from "../../../worker/presenters/channels";

/** The API's shapes as the pages receive them (type-only imports: nothing from the Worker reaches the browser). */
export type GroupSummary = ReturnType<typeof presentChannel>;
export type GroupMember = ReturnType<typeof presentChannelMember>;
export type GroupCandidate = ReturnType<typeof presentChannelCandidate>;
export type JoinRequest = ReturnType<typeof presentJoinRequest>;
export type MembershipResult = ReturnType<typeof presentMembershipResult>;

/** What a group page's or the list's action answers: a sentence to show, and what went wrong where. */
export interface GroupActionResult {
  intent: string;
  ok: boolean;
  message: string;
  fields?: Record<string, string[]>;
  /** "add_members": what happened to each address. */
  results?: MembershipResult[];
  /** The group an action on the list was about. */
  groupId?: number;
  /** Which of a page's forms posted it, when several post the same intent. */
  source?: string;
}

/** What the list and the page offer someone about a group they can see: open it, join it, ask, or wait. */
export type JoinAction = "open" | "join" | "request" | "requested" | "none";

export function joinActionFor(group: Pick<GroupSummary, "is_member" | "join_requested" | "visibility" | "policies">): JoinAction {
  if (group.is_member) return "open";
  if (group.join_requested) return "requested";
  // Managers (owners, admins) are put straight in, even into a closed group; nobody joins a private one.
  if (group.policies["channels.manage"] && group.visibility !== "private") return "join";
  if (group.policies["channels.join"]) return "join";
  if (group.policies["channels.request_join"]) return "request";
  return "none";
}

/** Deterministic on server and browser alike (fixed locale and time zone): "3 Apr 2026". */
const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
export const formatDate = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : "");
