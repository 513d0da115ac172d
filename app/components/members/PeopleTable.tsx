import { Link, useFetcher } from "@remix-run/react";
import { Avatar } from "../auth/Avatar";
import { Menu } from "../ui/Menu";
import { ROLE_LABELS, ROW_ACTION_KEY, STATUS_LABELS, sinceLabel, type MembersActionResult, type MembersPolicies, type Person } from "./types";

type DialogHref = (param: string, id: number) => string;

interface PeopleTableProps {
  kind: "members" | "guests";
  people: Person[];
  policies: MembersPolicies;
  dialogHref: DialogHref;
  /** The table's accessible name. */
  label: string;
}

/**
 * The members or the guests of a workspace: who, role, status and since when, with the
 * actions this person may take on each row. Below 720px each row reads as a card.
 */
export function PeopleTable({ kind, people, policies, dialogHref, label }: PeopleTableProps) {
  const fetcher = useFetcher<MembersActionResult>({ key: ROW_ACTION_KEY });
  const busyId = fetcher.state !== "idle" ? Number(fetcher.formData?.get("member_id")) : null;
  const hasActions = people.some((person) => rowActions(kind, person, policies).length > 0);

  return (
    <table className="people" aria-label={label} data-kind={kind} data-actions={hasActions}>
      <thead>
        <tr>
          <th scope="col">Name</th>
          {kind === "members" ? <th scope="col">Role</th> : null}
          <th scope="col">Status</th>
          <th scope="col" className="people__since-head">
            Since
          </th>
          {hasActions ? (
            <th scope="col" className="people__actions-head">
              <span className="visually-hidden">Actions</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {people.map((person) => {
          const busy = busyId === person.id;
          const actions = rowActions(kind, person, policies);
          return (
            <tr key={person.id} className="people__row" data-status={person.status} aria-busy={busy || undefined}>
              <td className="people__person">
                <span className="people__identity">
                  <span className="people__avatar" data-status={person.status}>
                    <Avatar name={person.named ? person.name : person.email} hue={(person.id * 47) % 360} size={36} />
                  </span>
                  <span className="people__who">
                    <span className="people__name">
                      {person.named ? person.name : person.email}
                      {person.isYou ? <span className="people__you"> (you)</span> : null}
                    </span>
                    {person.named ? <span className="people__email">{person.email}</span> : null}
                    {person.status === "invited" ? <InvitationNote person={person} showReason={policies.manage} /> : null}
                  </span>
                </span>
              </td>
              {kind === "members" ? (
                <td className="people__role">
                  <span className={`role-pill role-pill--${person.role}`}>{ROLE_LABELS[person.role]}</span>
                </td>
              ) : null}
              <td className="people__status">
                <span className={`status-pill status-pill--${person.status}`}>{STATUS_LABELS[person.status]}</span>
                {/* Narrower screens fold the date column in here. */}
                {person.since ? (
                  <span className="people__since-inline">{sinceLabel(person)}</span>
                ) : null}
              </td>
              <td className="people__since">{person.since ? <time dateTime={person.since}>{sinceLabel(person)}</time> : null}</td>
              {hasActions ? (
                <td className="people__actions">
                  {actions.length ? (
                    <Menu label={`Actions for ${person.named ? person.name : person.email}`} busy={busy}>
                      {actions.map((action) =>
                        action.type === "dialog" ? (
                          <Link
                            key={action.label}
                            to={dialogHref(action.param, person.id)}
                            replace
                            preventScrollReset
                            className={`menu__item${action.danger ? " menu__item--danger" : ""}`}
                          >
                            {action.label}
                          </Link>
                        ) : (
                          <fetcher.Form key={action.label} method="post" className="menu__form">
                            <input type="hidden" name="intent" value={action.intent} />
                            <input type="hidden" name="member_id" value={person.id} />
                            <input type="hidden" name="member_name" value={person.named ? person.name : person.email} />
                            {action.role ? <input type="hidden" name="role" value={action.role} /> : null}
                            <button type="submit" className="menu__item" disabled={busy}>
                              {action.label}
                            </button>
                          </fetcher.Form>
                        ),
                      )}
                    </Menu>
                  ) : null}
                </td>
              ) : null}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** "Invited by Dana Demo · “Runs the spring campaign”": who asked them, and why (the reason is for admins). */
function InvitationNote({ person, showReason }: { person: Person; showReason: boolean }) {
  const reason = showReason ? person.inviteReason : null;
  if (!person.invitedBy && !reason) return null;
  return (
    <span className="people__note">
      {person.invitedBy ? `Invited by ${person.invitedBy}` : "Reason"}
      {reason ? (
        <>
          {" · "}
          <span title="Reason for inviting">“{reason}”</span>
        </>
      ) : null}
    </span>
  );
}

type RowAction =
  | { type: "post"; label: string; intent: string; role?: string }
  | { type: "dialog"; label: string; param: string; danger?: boolean };

/** What this viewer may do to this person, as the policy answers (the API checks again). */
export function rowActions(kind: "members" | "guests", person: Person, policies: MembersPolicies): RowAction[] {
  const actions: RowAction[] = [];
  const mayResend = policies.invite && (person.role !== "admin" || policies.inviteAdmin);

  if (kind === "guests") {
    if (person.status === "invited" && mayResend) actions.push({ type: "post", label: "Resend invitation", intent: "resend" });
    if (!policies.manageGuests) return actions;
    if (person.status === "deactivated") {
      if (policies.manage) actions.push({ type: "dialog", label: "Reactivate as a member…", param: "reactivate" });
      actions.push({ type: "dialog", label: "Remove access…", param: "remove_guest", danger: true });
      return actions;
    }
    actions.push({ type: "post", label: "Upgrade to member", intent: "upgrade_guest" });
    actions.push({
      type: "dialog",
      label: person.status === "invited" ? "Withdraw invitation…" : "Remove from workspace…",
      param: "remove_guest",
      danger: true,
    });
    return actions;
  }

  const other = person.role === "admin" ? "member" : "admin";
  switch (person.status) {
    case "active":
      if (policies.manage) {
        actions.push({ type: "post", label: other === "admin" ? "Make admin" : "Make member", intent: "change_role", role: other });
        if (!person.isYou) {
          actions.push({ type: "dialog", label: "Deactivate…", param: "deactivate" });
          actions.push({ type: "dialog", label: "Remove from workspace…", param: "remove", danger: true });
        }
      }
      break;
    case "invited":
      if (mayResend) actions.push({ type: "post", label: "Resend invitation", intent: "resend" });
      if (policies.manage) {
        actions.push({ type: "post", label: other === "admin" ? "Invite as admin instead" : "Invite as member instead", intent: "change_role", role: other });
        actions.push({ type: "dialog", label: "Withdraw invitation…", param: "remove", danger: true });
      }
      break;
    case "deactivated":
      if (policies.manage) {
        actions.push({ type: "dialog", label: "Reactivate…", param: "reactivate" });
        actions.push({ type: "dialog", label: "Remove from workspace…", param: "remove", danger: true });
      }
      break;
  }
  return actions;
}
