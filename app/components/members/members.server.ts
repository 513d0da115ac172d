import { count, formatNumber, nounFor } from "../../../core/counting";
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { DEFAULT_PER_PAGE, pageMeta } from "../../../core/contracts/pagination";
import { MEMBER_INVITATION_TTL_DAYS } from "../../../worker/commands/memberInviter";
import { can, type Actor } from "../../../worker/policies";
import { presentMember } from "../../../worker/presenters/members";
import { presentScimToken } from "../../../worker/presenters/scim";
import { listScimTokens } from "../../../worker/services/scim";
import { countMembersByStatus, listMembers, userNames, type MemberRow } from "../../../worker/services/members";
import { joinLink } from "../../../worker/services/workspaces";
import { parseEmailList } from "~/components/groups/emailList";
import type { ApiProblem } from "~/lib/api-rules";
import type { callApi } from "~/lib/api.server";
import { requireWorkspaceActor, workspaceActionContext } from "~/lib/workspace.server";
import type { InviteOutcome, MembersActionResult, MembersPolicies, Person, ScimToken } from "./types";

/** Most addresses one invite form sends: each is its own invitation and email. */
export const MAX_INVITES_PER_FORM = 20;

/** People per page of the members and guests lists. */
const MEMBERS_PER_PAGE = DEFAULT_PER_PAGE;

function toPerson({ user, membership }: MemberRow, viewerId: number, names: Map<number, string>): Person {
  const member = presentMember(user, membership);
  const since =
    member.status === "active"
      ? (member.accepted_at ?? member.created_at)
      : member.status === "invited"
        ? (member.invited_at ?? member.created_at)
        : member.deactivated_at;
  return {
    id: member.id,
    name: member.name,
    email: member.email,
    named: member.name !== member.email,
    role: member.role,
    status: member.status,
    since,
    invitedBy: member.invited_by_id ? (names.get(member.invited_by_id) ?? null) : null,
    inviteReason: member.invite_reason,
    isYou: member.id === viewerId,
  };
}

export function membersPolicies(actor: Actor): MembersPolicies {
  return {
    invite: can(actor, "members.invite"),
    inviteAdmin: can(actor, "members.invite_admin"),
    manage: can(actor, "members.manage"),
    listGuests: can(actor, "guests.list"),
    manageGuests: can(actor, "guests.manage"),
    invitationLink: can(actor, "workspace.invitation_link"),
    regenerateLink: can(actor, "workspace.regenerate_invitation_link"),
    scim: can(actor, "scim.manage"),
  };
}

function withCreator(row: Parameters<typeof presentScimToken>[0], names: Map<number, string>): ScimToken {
  const token = presentScimToken(row);
  return { ...token, created_by: token.created_by_id ? (names.get(token.created_by_id) ?? null) : null };
}

/** Which page of which list the URL asks for: `?tab=guests&page=2&q=ann`. */
function listParams(request: Request) {
  const params = new URL(request.url).searchParams;
  const page = Number(params.get("page"));
  return {
    tab: params.get("tab") === "guests" ? ("guests" as const) : ("members" as const),
    page: Number.isInteger(page) && page > 1 ? page : 1,
    query: params.get("q")?.trim() ?? "",
  };
}

/**
 * Everything the members page shows, read as the API's GET routes read it: the same policy
 * checks (a guest the workspace keeps out gets the same 403), services and presenters. Both
 * lists come a page at a time: the URL's page for the open tab, the first for the other.
 */
export async function loadMembersPage(request: Request, context: AppLoadContext, workspaceIdParam: string | undefined) {
  const { db, actor, workspace } = await requireWorkspaceActor(request, context, workspaceIdParam);
  if (!can(actor, "members.list")) {
    throw data("This workspace shows its member list to members only. Ask an admin if you need to see who is in it.", {
      status: 403,
    });
  }
  const policies = membersPolicies(actor);
  const origin = new URL(request.url).origin;
  const { tab, page, query } = listParams(request);
  const pageOf = (scope: "members" | "guests") => ({ page: tab === scope ? page : 1, per_page: MEMBERS_PER_PAGE });
  const list = (scope: "members" | "guests") =>
    listMembers(db, workspace.id, { scope, search: query, byStatus: true }, pageOf(scope));
  const [members, guests, memberCounts, guestCounts, scimTokens] = await Promise.all([
    list("members"),
    policies.listGuests ? list("guests") : null,
    countMembersByStatus(db, workspace.id, "members"),
    policies.listGuests ? countMembersByStatus(db, workspace.id, "guests") : null,
    policies.scim ? listScimTokens(db, workspace.id) : null,
  ]);
  const rows = [...members.rows, ...(guests?.rows ?? [])];
  const names = await userNames(db, [
    ...rows.map(({ membership }) => membership.invitedById),
    ...(scimTokens ?? []).map((token) => token.createdById),
  ].filter((id): id is number => id !== null));
  const people = (found: { rows: MemberRow[] }) => found.rows.map((row) => toPerson(row, actor.userId, names));
  return {
    workspaceId: workspace.id,
    workspaceName: workspace.name,
    viewerId: actor.userId,
    policies,
    query,
    members: people(members),
    membersPage: pageMeta(pageOf("members"), members.total),
    memberCounts,
    guests: guests ? people(guests) : null,
    guestsPage: guests ? pageMeta(pageOf("guests"), guests.total) : null,
    guestCounts,
    invitationLink: policies.invitationLink ? joinLink(origin, workspace.invitationToken) : null,
    scim: scimTokens ? { baseUrl: `${origin}/v1/scim/v2`, tokens: scimTokens.map((row) => withCreator(row, names)) } : null,
    invitationDays: MEMBER_INVITATION_TTL_DAYS,
    maxInvites: MAX_INVITES_PER_FORM,
  };
}

/** A failed action as the page shows it, with the API's status (so Remix does not revalidate on a 4xx). */
function failure(intent: string, problem: Pick<ApiProblem, "status" | "message" | "fields">, extra: Partial<MembersActionResult> = {}) {
  return data<MembersActionResult>(
    { intent, ok: false, message: problem.message, fields: problem.fields, ...extra },
    { status: problem.status >= 400 ? problem.status : 400 },
  );
}

const success = (intent: string, message: string, extra: Partial<MembersActionResult> = {}): MembersActionResult => ({
  intent,
  ok: true,
  message,
  ...extra,
});

const incomplete = (intent: string) =>
  failure(intent, { status: 400, message: "That form was incomplete. Reload the page and try again.", fields: {} });

function formId(form: FormData, name: string): number | null {
  const value = Number(form.get(name));
  return Number.isInteger(value) && value > 0 ? value : null;
}

const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();
const roleLabel = (role: string) => (role === "admin" ? "an admin" : role === "guest" ? "a guest" : "a member");

interface MemberAnswer {
  name: string;
  email: string;
  role: string;
  status: string;
}

/**
 * Runs one members-page form through the /v1 route that does it, as the signed-in person,
 * so permission, validation, the last-admin rule, events and emails are exactly the API's.
 */
export async function runMembersAction(request: Request, context: AppLoadContext, workspaceIdParam: string | undefined) {
  const { workspace, call } = await workspaceActionContext(request, context, workspaceIdParam);
  const ws = `/w/${workspace.id}`;
  const form = await request.formData();
  const intent = text(form, "intent");
  const memberId = formId(form, "member_id");
  const who = text(form, "member_name") || "this person";

  switch (intent) {
    case "invite":
      return invite(form, (body) => call<MemberAnswer>("POST", `${ws}/settings/members`, body));

    case "change_role": {
      const role = text(form, "role");
      if (!memberId) return incomplete(intent);
      const result = await call<MemberAnswer>("PUT", `${ws}/settings/members/${memberId}`, { role });
      if (!result.ok) return failure(intent, result.problem, { memberId });
      const { name, status } = result.data;
      const message =
        status === "invited" ? `${name}'s invitation is now to join as ${roleLabel(role)}.` : `${name} is now ${roleLabel(role)}.`;
      return success(intent, message, { memberId });
    }

    case "resend": {
      if (!memberId) return incomplete(intent);
      const result = await call<MemberAnswer>("PUT", `${ws}/settings/members/${memberId}/resend_invitation`);
      if (!result.ok) return failure(intent, result.problem, { memberId });
      return success(intent, `Sent a new invitation to ${result.data.email}. The link in the earlier email no longer works.`, { memberId });
    }

    case "deactivate": {
      if (!memberId) return incomplete(intent);
      const result = await call("DELETE", `${ws}/settings/members/${memberId}`);
      if (!result.ok) return failure(intent, result.problem, { memberId });
      return success(intent, `Deactivated ${who}. They can't open ${workspace.name} until an admin reactivates them.`, { memberId });
    }

    case "reactivate": {
      const admin = text(form, "admin");
      if (!memberId) return incomplete(intent);
      if (admin !== "true" && admin !== "false") {
        return failure(intent, { status: 400, message: "Choose whether they come back as a member or an admin.", fields: { admin: ["must be chosen"] } }, { memberId });
      }
      const result = await call<MemberAnswer>("PUT", `${ws}/settings/members/${memberId}/reactivate`, { admin: admin === "true" });
      if (!result.ok) return failure(intent, result.problem, { memberId });
      return success(intent, `Reactivated ${result.data.name} as ${roleLabel(result.data.role)}.`, { memberId });
    }

    case "remove": {
      if (!memberId) return incomplete(intent);
      const invited = text(form, "member_status") === "invited";
      const result = await call("DELETE", `${ws}/members/${memberId}`);
      if (!result.ok) return failure(intent, result.problem, { memberId });
      return success(intent, invited ? `Withdrew the invitation to ${who}. Its link no longer works.` : `Removed ${who} from ${workspace.name}.`, {
        memberId,
      });
    }

    case "upgrade_guest": {
      if (!memberId) return incomplete(intent);
      const result = await call<MemberAnswer>("PUT", `${ws}/settings/guests/${memberId}/upgrade_to_member`);
      if (!result.ok) return failure(intent, result.problem, { memberId });
      return success(intent, `${result.data.name} is now a member. They're listed under Members.`, { memberId });
    }

    case "remove_guest": {
      const removalType = text(form, "removal_type");
      if (!memberId) return incomplete(intent);
      const query = new URLSearchParams({ removal_type: removalType });
      const result = await call("DELETE", `${ws}/settings/guests/${memberId}/remove_from_workspace?${query}`);
      if (!result.ok) {
        const fields = result.problem.fields.removal_type ? { removal_type: ["must be chosen"] } : result.problem.fields;
        const message = result.problem.fields.removal_type ? "Choose how to remove them." : result.problem.message;
        return failure(intent, { ...result.problem, fields, message }, { memberId });
      }
      return success(
        intent,
        removalType === "deactivate" ? `Deactivated ${who}. They can't open anything here; an admin can bring them back later.` : `Removed ${who}'s access to ${workspace.name}.`,
        { memberId },
      );
    }

    case "regenerate_link": {
      const result = await call<{ url: string }>("POST", `${ws}/regenerate_invitation_token`);
      if (!result.ok) return failure(intent, result.problem);
      return success(intent, "Created a new invitation link. The old one no longer works.");
    }

    case "create_scim_token": {
      const result = await call<{ id: number; name: string; token: string }>("POST", "/scim/tokens", { name: text(form, "name") });
      if (!result.ok) return failure(intent, result.problem);
      const { id, name, token } = result.data;
      return success(intent, `Created the token “${name}”.`, { scimToken: { id, name, token } });
    }

    case "revoke_scim_token": {
      const tokenId = formId(form, "token_id");
      if (!tokenId) return incomplete(intent);
      const result = await call("DELETE", `/scim/tokens/${tokenId}`);
      if (!result.ok) return failure(intent, result.problem, { tokenId });
      const name = text(form, "token_name");
      return success(intent, `Revoked ${name ? `“${name}”` : "the token"}. Your identity provider can't use it any more.`, { tokenId });
    }
  }
  return incomplete(intent);
}

/**
 * Invites each address with the same role, note and reason. A problem with the shared fields
 * (the role, the note) stops at the first address; one address's problem is that address's.
 */
async function invite(
  form: FormData,
  send: (body: Record<string, unknown>) => ReturnType<typeof callApi<MemberAnswer>>,
): Promise<MembersActionResult | ReturnType<typeof failure>> {
  const intent = "invite";
  const emails = parseEmailList(String(form.get("emails") ?? ""));
  const role = text(form, "role");
  const values = { role, message: text(form, "message"), invite_reason: text(form, "invite_reason") };
  const fields = (problem: string) => ({ emails: [problem] });
  if (emails.length === 0) {
    return failure(intent, { status: 400, message: "Enter at least one email address.", fields: fields("can't be blank") }, { values });
  }
  if (emails.length > MAX_INVITES_PER_FORM) {
    return failure(
      intent,
      {
        status: 400,
        message: `Invite at most ${count(MAX_INVITES_PER_FORM, ["person", "people"])} at a time.`,
        fields: fields(`can hold at most ${count(MAX_INVITES_PER_FORM, ["address", "addresses"])}`),
      },
      { values, retry: emails.join("\n") },
    );
  }
  const body = { role, message: values.message || null, invite_reason: values.invite_reason || null };

  const outcomes: InviteOutcome[] = [];
  for (const email of emails) {
    const result = await send({ ...body, email });
    if (result.ok) {
      outcomes.push({ email, ok: true, message: `${email} was invited as ${roleLabel(result.data.role)}.` });
      continue;
    }
    const { fields: problemFields } = result.problem;
    const shared = Object.keys(problemFields).filter((name) => name !== "email");
    if (shared.length || result.problem.status === 403) {
      // Same for every address: nothing more would work, so say what to fix.
      const sent = outcomes.filter((outcome) => outcome.ok).map((outcome) => outcome.email);
      return failure(intent, {
        ...result.problem,
        message: sent.length ? `${result.problem.message} (Already invited: ${sent.join(", ")}.)` : result.problem.message,
      }, { invites: outcomes, retry: emails.filter((address) => !sent.includes(address)).join("\n"), values });
    }
    const reason = problemFields.email?.length ? `${email} ${problemFields.email.join(", ")}.` : `${email}: ${result.problem.message}`;
    outcomes.push({ email, ok: false, message: reason });
  }

  const failed = outcomes.filter((outcome) => !outcome.ok);
  const invited = outcomes.filter((outcome) => outcome.ok).map((outcome) => outcome.email);
  if (failed.length) {
    const message = invited.length
      ? `Invited ${formatNumber(invited.length)} of ${formatNumber(outcomes.length)}. Fix the ${nounFor(failed.length, ["address", "addresses"])} below and try again.`
      : failed.length === 1
        ? failed[0]!.message
        : "None of these could be invited. Fix the addresses below and try again.";
    return failure(
      intent,
      { status: 422, message, fields: invited.length ? {} : { emails: ["need fixing"] } },
      { invites: outcomes, retry: failed.map((outcome) => outcome.email).join("\n"), values },
    );
  }
  const list = invited.length === 1 ? invited[0]! : count(invited.length, ["person", "people"]);
  return success(intent, `Invited ${list}. They'll get an email with a link to join.`, { invites: outcomes });
}
