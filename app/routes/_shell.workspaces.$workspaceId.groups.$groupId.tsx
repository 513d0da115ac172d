import { count, nounFor } from "../../core/counting";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import {
  Form,
  Link,
  useActionData,
  useFetcher,
  useLoaderData,
  useLocation,
  useNavigation,
  useSearchParams,
} from "@remix-run/react";
import type { MouseEvent } from "react";
import { HttpError } from "../../worker/lib/errors";
import { can } from "../../worker/policies";
import { channelResource } from "../../worker/presenters/channels";
import { channelDetails, channelJoinRequest, channelNonMembers, channelView } from "../../worker/services/channels";
import { AddMembersForm } from "~/components/groups/AddMembersForm";
import { Dialog, keepDataWhenOnlyChanged, withoutParam } from "~/components/ui/Dialog";
import { emailErrors, parseEmailList } from "~/components/groups/emailList";
import { GroupsErrorBoundary } from "~/components/groups/GroupsErrorBoundary";
import { actionFailure, badForm, formId } from "~/components/groups/groups.server";
import { LinkedJoinRequestPanel, PendingRequests, type LinkedJoinRequest } from "~/components/groups/JoinRequests";
import { MemberList } from "~/components/groups/MemberList";
import {
  formatDate,
  joinActionFor,
  type GroupActionResult,
  type JoinRequest,
  type MembershipResult,
} from "~/components/groups/types";
import { VISIBILITY_COPY, VisibilityBadge, VisibilityIcon } from "~/components/groups/visibility";
import { requireWorkspaceActor, workspaceActionContext } from "~/lib/workspace.server";
import styles from "~/styles/groups.css?url";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "Groups" };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.group.name} · Groups · Brandwork` : "Group · Brandwork" },
  // The join-request link carries a token: keep it out of Referer headers.
  { name: "referrer", content: "same-origin" },
];

const notFound = () => data("Group not found", { status: 404 });

/**
 * The group as the signed-in person may see it. The group must belong to the URL's
 * workspace (the query is scoped to it), and a private group is a 404 to outsiders.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { db, actor, workspace } = await requireWorkspaceActor(request, context, params.workspaceId);
  const groupId = Number(params.groupId);
  if (!Number.isInteger(groupId) || groupId <= 0) throw notFound();
  const view = await channelView(db, actor, groupId).catch((error: unknown) => {
    throw error instanceof HttpError && error.status === 404 ? notFound() : error;
  });
  const resource = channelResource(view);
  if (!can(actor, "channels.read", resource)) throw notFound();
  const manages = can(actor, "channels.manage", resource);

  const url = new URL(request.url);
  const linkedId = Number(url.searchParams.get("join_request"));
  const linked: LinkedJoinRequest | null =
    Number.isInteger(linkedId) && linkedId > 0
      ? {
          id: linkedId,
          token: url.searchParams.get("token"),
          request: manages ? await channelJoinRequest(db, groupId, linkedId) : null,
          canDecide: manages,
        }
      : null;

  return {
    workspaceId: workspace.id,
    viewerId: actor.userId,
    group: await channelDetails(db, actor, view),
    manages,
    canInvite: can(actor, "members.invite"),
    ...(manages ? await pickableCandidates(db, actor, groupId) : { candidates: [], candidateTotal: 0 }),
    linked,
    created: url.searchParams.has("created"),
  };
}

/** The picker lists at most this many colleagues; anyone else is added by typing their email. */
const MAX_CANDIDATES = 300;

async function pickableCandidates(...args: Parameters<typeof channelNonMembers>) {
  const everyone = await channelNonMembers(...args);
  return { candidates: everyone.slice(0, MAX_CANDIDATES), candidateTotal: everyone.length };
}

// Opening or closing the delete dialog, or dismissing a notice, needs no new data.
export const shouldRevalidate = keepDataWhenOnlyChanged(["delete", "created"]);

/** "2 added, 1 invited, 1 already in the group.", in this order whatever order the addresses came in. */
const OUTCOME_SUMMARY: [MembershipResult["status"], (count: number) => string][] = [
  ["added", (n) => `${n} added`],
  ["invited", (n) => `${n} invited`],
  ["already_member", (n) => `${n} already in the group`],
  ["deactivated", (n) => `${n} not added (deactivated)`],
];

function summarise(results: MembershipResult[]) {
  const parts = OUTCOME_SUMMARY.flatMap(([status, phrase]) => {
    const count = results.filter((entry) => entry.status === status).length;
    return count ? [phrase(count)] : [];
  });
  const sentence = parts.join(", ");
  return `${sentence[0]!.toUpperCase()}${sentence.slice(1)}.`;
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { workspace, actor, call } = await workspaceActionContext(request, context, params.workspaceId);
  const groupId = Number(params.groupId);
  if (!Number.isInteger(groupId) || groupId <= 0) throw notFound();
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const source = String(form.get("source") ?? "") || undefined;

  switch (intent) {
    case "join": {
      const result = await call("POST", `/channels/${groupId}/join`, { user_id: actor.userId });
      if (!result.ok) return actionFailure(intent, result.problem);
      const message =
        result.status === 202
          ? "Request sent. The group's owners will get an email; you're in once one of them accepts."
          : "You joined this group.";
      return { intent, ok: true, message } satisfies GroupActionResult;
    }

    case "add_members": {
      const emails = [...new Set([...form.getAll("pick").map(String), ...parseEmailList(String(form.get("emails") ?? ""))])];
      if (emails.length === 0) {
        return actionFailure(intent, { status: 400, message: "Enter at least one email address, or pick someone from the list.", fields: { emails: ["can't be blank"] } });
      }
      const result = await call<MembershipResult[]>("POST", `/channels/${groupId}/channel_memberships`, { emails });
      if (!result.ok) {
        const problems = emailErrors(emails, result.problem.fields);
        const message = problems.length ? `${problems.join(". ")}. Fix ${nounFor(problems.length, ["it", "them"])} and try again.` : result.problem.message;
        return actionFailure(intent, { ...result.problem, message });
      }
      return { intent, ok: true, message: summarise(result.data), results: result.data } satisfies GroupActionResult;
    }

    case "accept_request": {
      const requestId = formId(form, "request_id");
      const token = String(form.get("token") ?? "");
      if (!requestId) return badForm(intent);
      const result = await call<JoinRequest>("POST", `/channel_join_requests/${requestId}/accept`, { token });
      if (!result.ok) return actionFailure(intent, result.problem, { source });
      return { intent, ok: true, message: `Accepted: ${result.data.user.name} is now a member.`, source } satisfies GroupActionResult;
    }

    case "deny_request": {
      const requestId = formId(form, "request_id");
      if (!requestId) return badForm(intent);
      const result = await call("DELETE", `/channel_join_requests/${requestId}/deny`);
      if (!result.ok) return actionFailure(intent, result.problem, { source });
      const name = String(form.get("requester_name") ?? "").trim();
      return { intent, ok: true, message: name ? `Denied ${name}'s request.` : "Request denied.", source } satisfies GroupActionResult;
    }

    case "delete": {
      if (form.get("confirm") !== "on") {
        return actionFailure(intent, { status: 400, message: "Tick the box to confirm you want to delete this group.", fields: { confirm: ["must be ticked"] } });
      }
      const result = await call("DELETE", `/channels/${groupId}`);
      if (!result.ok) return actionFailure(intent, result.problem);
      const name = String(form.get("group_name") ?? "").trim();
      throw redirect(`/workspaces/${workspace.id}/groups${name ? `?${new URLSearchParams({ deleted: name })}` : ""}`);
    }
  }
  return badForm(intent);
}

export default function GroupPage() {
  const { workspaceId, viewerId, group, manages, canInvite, candidates, candidateTotal, linked, created } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const navigation = useNavigation();
  const leaving = navigation.state === "loading" && navigation.location.pathname !== location.pathname;
  const [searchParams] = useSearchParams();
  const joinFetcher = useFetcher<GroupActionResult>({ key: "join-this-group" });
  const joinAnswer = joinFetcher.data ?? (actionData?.intent === "join" ? actionData : undefined);
  const joining = joinFetcher.state !== "idle";
  const deleteResult = actionData?.intent === "delete" ? actionData : undefined;
  const deleteOpen = manages && (searchParams.has("delete") || Boolean(deleteResult && !deleteResult.ok));
  const closeDelete = withoutParam(location, "delete");
  const joinAction = joinActionFor(group);
  const groupsHref = `/workspaces/${workspaceId}/groups`;

  return (
    <div className="page group-page" aria-busy={leaving || undefined}>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to={groupsHref} prefetch="intent">
          Groups
        </Link>
        <span aria-hidden="true">/</span>
        <span aria-current="page">{group.name}</span>
      </nav>

      <header className="group-header">
        <div className="group-header__icon" data-visibility={group.visibility} aria-hidden="true">
          <VisibilityIcon visibility={group.visibility} width={26} height={26} />
        </div>
        <div className="group-header__text">
          <h2 className="group-header__name">{group.name}</h2>
          {group.description ? <p className="group-header__description">{group.description}</p> : null}
          <p className="group-header__meta">
            <VisibilityBadge visibility={group.visibility} />
            <span>{count(group.member_count, "member")}</span>
            {group.role ? <span>{group.role === "owner" ? "You own this group" : "You're a member"}</span> : null}
          </p>
        </div>
        <div className="group-header__actions">
          {joinAction === "join" || joinAction === "request" ? (
            <joinFetcher.Form method="post">
              <input type="hidden" name="intent" value="join" />
              <button type="submit" className={`button${joinAction === "join" ? " button--primary" : ""}`} disabled={joining} aria-busy={joining || undefined}>
                {joining ? (joinAction === "join" ? "Joining…" : "Sending…") : joinAction === "join" ? "Join group" : "Request to join"}
              </button>
            </joinFetcher.Form>
          ) : joinAction === "requested" ? (
            <span className="group-card__requested" title="Waiting for one of its owners to accept">
              Request sent
            </span>
          ) : null}
          {manages ? (
            <a href="#add-members" className="button" onClick={focusAddMembers}>
              Add members
            </a>
          ) : null}
        </div>
      </header>

      {joinAnswer ? <Notice ok={joinAnswer.ok} message={joinAnswer.message} /> : null}
      {created && manages && group.member_count <= 1 ? (
        <Notice
          ok
          message="Group created. Add the people who should be in it: colleagues by name or email, anyone else by email to invite them."
          dismissTo={withoutParam(location, "created")}
        />
      ) : null}
      {linked ? <LinkedJoinRequestPanel linked={linked} viewerId={viewerId} /> : null}

      <div className="group-layout">
        <div className="group-layout__main">
          {manages && group.join_requests && (group.join_requests.length > 0 || group.visibility === "closed") ? (
            <PendingRequests requests={group.join_requests} linked={linked} />
          ) : null}

          <section className="group-panel" aria-labelledby="members-title">
            <h3 id="members-title" className="group-panel__title">
              Members <span className="groups-section__count">{group.member_count}</span>
            </h3>
            {group.members ? (
              group.members.length ? (
                <MemberList members={group.members} viewerId={viewerId} />
              ) : (
                <p className="group-panel__empty">Nobody is in this group yet.{manages ? " Add people with the form on this page." : ""}</p>
              )
            ) : (
              <p className="group-panel__empty">
                {joinAction === "join"
                  ? "Join the group to see who's in it."
                  : joinAction === "request"
                    ? "Ask to join to see who's in it; one of its owners will accept."
                    : joinAction === "requested"
                      ? "You'll see who's in it once one of its owners accepts your request."
                      : "Only the group's members can see who's in it."}
              </p>
            )}
          </section>

          <section className="group-panel" aria-labelledby="documents-title">
            <h3 id="documents-title" className="group-panel__title">
              Documents
            </h3>
            <div className="group-docs-empty">
              <p className="group-docs-empty__title">No documents shared with this group yet</p>
              <p>
                When a document is shared with {group.name}, it shows up here and everyone in the group can open it,
                including people who join later.
              </p>
            </div>
          </section>
        </div>

        <aside className="group-layout__side" aria-label="About and settings">
          {manages ? (
            <section className="group-panel">
              <AddMembersForm candidates={candidates} candidateTotal={candidateTotal} canInvite={canInvite} />
            </section>
          ) : null}

          <section className="group-panel" aria-labelledby="about-title">
            <h3 id="about-title" className="group-panel__title">
              About
            </h3>
            <dl className="about-list">
              <div>
                <dt>Visibility</dt>
                <dd>
                  {VISIBILITY_COPY[group.visibility].label}: {VISIBILITY_COPY[group.visibility].explanation}
                </dd>
              </div>
              {group.created_at ? (
                <div>
                  <dt>Created</dt>
                  <dd>
                    <time dateTime={group.created_at}>{formatDate(group.created_at)}</time>
                  </dd>
                </div>
              ) : null}
              <div>
                <dt>Managed by</dt>
                <dd>Its owners and the workspace&apos;s admins</dd>
              </div>
            </dl>
          </section>

          {manages ? (
            <section className="group-panel group-panel--danger" aria-labelledby="danger-title">
              <h3 id="danger-title" className="group-panel__title">
                Delete group
              </h3>
              <p>Removes the group for everyone in it. People stay in the workspace.</p>
              <Link to="?delete" replace preventScrollReset className="button button--destructive-outline">
                Delete group…
              </Link>
            </section>
          ) : null}
        </aside>
      </div>

      <Dialog open={deleteOpen} closeTo={closeDelete} title={`Delete ${group.name}?`} tone="danger">
        <DeleteGroupForm name={group.name} memberCount={group.member_count} result={deleteResult} cancelTo={closeDelete} />
      </Dialog>
    </div>
  );
}

/** Moves focus to the add-members box, where the header's "Add members" link points. */
function focusAddMembers(event: MouseEvent<HTMLAnchorElement>) {
  const box = document.querySelector<HTMLTextAreaElement>("#add-members textarea");
  if (!box) return;
  event.preventDefault();
  box.scrollIntoView({ behavior: "smooth", block: "center" });
  box.focus({ preventScroll: true });
}

function Notice({ ok, message, dismissTo }: { ok: boolean; message: string; dismissTo?: string }) {
  return (
    <div className={`groups-notice${ok ? "" : " groups-notice--error"}`} role={ok ? "status" : "alert"}>
      <span>{message}</span>
      {dismissTo ? (
        <Link to={dismissTo} replace preventScrollReset className="link-button">
          Dismiss
        </Link>
      ) : null}
    </div>
  );
}

function DeleteGroupForm({
  name,
  memberCount,
  result,
  cancelTo,
}: {
  name: string;
  memberCount: number;
  result?: GroupActionResult;
  cancelTo: string;
}) {
  const navigation = useNavigation();
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";
  return (
    <Form method="post" className="group-form">
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="group_name" value={name} />
      <p className="dialog__text">
        {count(memberCount, "member")} will lose what is shared with them through this group, and its pending requests
        to join are dropped. They stay in the workspace. This can&apos;t be undone.
      </p>
      {result && !result.ok ? <p className="form-alert form-alert--error" role="alert">{result.message}</p> : null}
      <label className="confirm-check">
        <input type="checkbox" name="confirm" required aria-invalid={result?.fields?.confirm ? true : undefined} />
        <span>Yes, delete this group for everyone</span>
      </label>
      <div className="group-form__actions">
        <Link to={cancelTo} replace preventScrollReset className="button">
          Cancel
        </Link>
        <button type="submit" className="button button--destructive" disabled={deleting} aria-busy={deleting || undefined}>
          {deleting ? "Deleting…" : "Delete group"}
        </button>
      </div>
    </Form>
  );
}

export { GroupsErrorBoundary as ErrorBoundary };
