import type { presentScimToken } from "../../../worker/presenters/scim";
import type { MemberRole } from "../../../core/contracts/members";

/** One person on the members page, as the loader shapes it from the API's presenter (type-only imports). */
export interface Person {
  id: number;
  name: string;
  email: string;
  /** False until the person has a name (an invitee who has not accepted yet). */
  named: boolean;
  role: MemberRole;
  status: "active" | "invited" | "deactivated";
  /** When they joined, were invited or were deactivated, whichever their status is about. */
  since: string | null;
  invitedBy: string | null;
  inviteReason: string | null;
  isYou: boolean;
}

export type ScimToken = ReturnType<typeof presentScimToken> & { created_by: string | null };

/** What the page may offer the signed-in person, from the policy module. */
export interface MembersPolicies {
  invite: boolean;
  inviteAdmin: boolean;
  manage: boolean;
  listGuests: boolean;
  manageGuests: boolean;
  invitationLink: boolean;
  regenerateLink: boolean;
  scim: boolean;
}

/** What happened to one address in the invite form. */
export interface InviteOutcome {
  email: string;
  ok: boolean;
  message: string;
}

/** What an action answers: a sentence to show, what went wrong where, and what it was about. */
export interface MembersActionResult {
  intent: string;
  ok: boolean;
  message: string;
  fields?: Record<string, string[]>;
  /** The person a row action or dialog was about. */
  memberId?: number;
  /** "invite": each address's outcome, and the addresses to try again. */
  invites?: InviteOutcome[];
  retry?: string;
  /** "invite": what was sent besides the addresses, to fill the form again after a failure. */
  values?: Record<string, string>;
  /** "create_scim_token": the only time the raw token is shown. */
  scimToken?: { id: number; name: string; token: string };
  /** "revoke_scim_token": which token. */
  tokenId?: number;
}

export const ROLE_LABELS: Record<MemberRole, string> = { admin: "Admin", member: "Member", guest: "Guest" };
export const STATUS_LABELS: Record<Person["status"], string> = { active: "Active", invited: "Invited", deactivated: "Deactivated" };

/** Deterministic on server and browser alike (fixed locale and time zone): "3 Apr 2026". */
const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
export const formatDate = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : "");

/** "Joined 3 Apr 2026", "Invited 3 Apr 2026", "Deactivated 3 Apr 2026". */
export const sinceLabel = (person: Pick<Person, "status" | "since">) =>
  person.since ? `${person.status === "active" ? "Joined" : STATUS_LABELS[person.status]} ${formatDate(person.since)}` : "";

/** Search parameters that open a dialog on the members page; each names the person or token it is about. */
export const DIALOG_PARAMS = ["invite", "deactivate", "reactivate", "remove", "remove_guest", "regenerate_link", "revoke_token"] as const;

/** The fetcher every row's quick action shares, so the page can show the latest answer. */
export const ROW_ACTION_KEY = "members-row-action";
