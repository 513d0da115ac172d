import { Link, useActionData, useFetcher, useLocation, type FetcherWithComponents } from "@remix-run/react";
import { Avatar } from "../auth/Avatar";
import { FormAlert } from "../ui/Field";
import { withoutParam } from "../ui/Dialog";
import { formatDate, type GroupActionResult, type JoinRequest } from "./types";

/** The request an owner's email links to (`?join_request=<id>&token=<token>`), as the loader found it. */
export interface LinkedJoinRequest {
  id: number;
  token: string | null;
  /** Null when it is not this group's, or when the viewer may not see requests. */
  request: JoinRequest | null;
  canDecide: boolean;
}

/** Fetcher answer, or the page's action data when the form was posted without JavaScript. */
function useAnswer(source: "link" | "list") {
  const fetcher = useFetcher<GroupActionResult>({ key: `join-requests-${source}` });
  const page = useActionData<GroupActionResult>();
  const answer = fetcher.data ?? (page?.source === source ? page : undefined);
  return { fetcher, answer };
}

function DecisionButtons({
  request,
  token,
  fetcher,
  source,
}: {
  request: JoinRequest;
  token: string | null;
  fetcher: FetcherWithComponents<GroupActionResult>;
  source: "link" | "list";
}) {
  const pendingIntent = fetcher.state !== "idle" && Number(fetcher.formData?.get("request_id")) === request.id ? fetcher.formData?.get("intent") : null;
  return (
    <div className="request__buttons">
      {token ? (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="accept_request" />
          <input type="hidden" name="source" value={source} />
          <input type="hidden" name="request_id" value={request.id} />
          <input type="hidden" name="token" value={token} />
          <button
            type="submit"
            className="button button--small button--primary"
            disabled={Boolean(pendingIntent)}
            aria-label={`Accept ${request.user.name}`}
          >
            {pendingIntent === "accept_request" ? "Accepting…" : "Accept"}
          </button>
        </fetcher.Form>
      ) : null}
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="deny_request" />
        <input type="hidden" name="source" value={source} />
        <input type="hidden" name="request_id" value={request.id} />
        <input type="hidden" name="requester_name" value={request.user.name} />
        <button type="submit" className="button button--small" disabled={Boolean(pendingIntent)} aria-label={`Deny ${request.user.name}`}>
          {pendingIntent === "deny_request" ? "Denying…" : "Deny"}
        </button>
      </fetcher.Form>
    </div>
  );
}

/** The panel at the top of the group when it was opened from a join request email. */
export function LinkedJoinRequestPanel({ linked, viewerId }: { linked: LinkedJoinRequest; viewerId: number }) {
  const { fetcher, answer } = useAnswer("link");
  const location = useLocation();
  const { request } = linked;
  const dismiss = (
    <Link to={withoutParam(location, "join_request", "token")} replace preventScrollReset className="link-button">
      Dismiss
    </Link>
  );

  let body;
  if (!linked.canDecide) {
    body = <p>This link is for the group&apos;s owners: only they and workspace admins can answer requests to join.</p>;
  } else if (!request) {
    body = <p>This link is for a request that isn&apos;t for this group, or no longer exists.</p>;
  } else if (request.status === "pending") {
    body = (
      <>
        <div className="request">
          <Avatar name={request.user.name} hue={(request.user.id * 47) % 360} size={40} />
          <p className="request__text">
            <strong>{request.user.name}</strong>
            {request.user.name !== request.user.email ? ` (${request.user.email})` : null} asked to join this group
            {request.created_at ? ` on ${formatDate(request.created_at)}` : null}.
          </p>
          <DecisionButtons request={request} token={linked.token} fetcher={fetcher} source="link" />
        </div>
        {!linked.token ? <p className="field__hint">The link has no token: open it again from the email to accept.</p> : null}
      </>
    );
  } else {
    const by = request.decided_by_id === viewerId ? " by you" : "";
    body = (
      <p>
        <strong>{request.user.name}</strong>&apos;s request was {request.status}
        {by}
        {request.status === "accepted" ? ": they're a member of the group now." : "."}
      </p>
    );
  }

  return (
    <section className="linked-request" aria-labelledby="linked-request-title">
      <header className="linked-request__header">
        <h3 id="linked-request-title">Request to join</h3>
        {dismiss}
      </header>
      {answer ? <FormAlert message={answer.message} tone={answer.ok ? "info" : "error"} /> : null}
      {body}
    </section>
  );
}

/** Pending requests, for the group's managers. */
export function PendingRequests({ requests, linked }: { requests: JoinRequest[]; linked: LinkedJoinRequest | null }) {
  const { fetcher, answer } = useAnswer("list");
  const hasLinkedToken = (request: JoinRequest) => linked?.id === request.id && linked.token ? linked.token : null;
  return (
    <section className="group-panel" aria-labelledby="requests-title">
      <h3 id="requests-title" className="group-panel__title">
        Requests to join <span className="groups-section__count">{requests.length}</span>
      </h3>
      {answer ? <FormAlert message={answer.message} tone={answer.ok ? "info" : "error"} /> : null}
      {requests.length ? (
        <>
          <ul className="request-list">
            {requests.map((request) => (
              <li key={request.id} className="request">
                <Avatar name={request.user.name} hue={(request.user.id * 47) % 360} size={36} />
                <span className="request__who">
                  <span className="request__name">{request.user.name}</span>
                  <span className="request__detail">
                    {request.user.name !== request.user.email ? `${request.user.email} · ` : null}
                    asked {formatDate(request.created_at)}
                  </span>
                </span>
                <DecisionButtons request={request} token={hasLinkedToken(request)} fetcher={fetcher} source="list" />
              </li>
            ))}
          </ul>
          <p className="field__hint">
            Each request emails the group&apos;s owners a link; accept from that link. You can deny a request from here.
          </p>
        </>
      ) : (
        <p className="group-panel__empty">No one is waiting. When someone asks to join, the owners get an email to accept or deny.</p>
      )}
    </section>
  );
}
