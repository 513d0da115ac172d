import { useId } from "react";
import type { AccessLevel } from "../../../core/enums";
import { LEVEL_LABELS, type AccessRequest } from "./types";

interface AccessRequestsProps {
  requests: AccessRequest[];
  busyId: number | null;
  onAccept: (request: AccessRequest) => void;
  onDeny: (request: AccessRequest) => void;
}

const ASKED: Record<AccessLevel, string> = { read: "read", comment: "comment on", edit: "edit", owner: "own" };

/** Requests waiting for an answer, for the people who may share: accept gives the level asked for. */
export function AccessRequests({ requests, busyId, onAccept, onDeny }: AccessRequestsProps) {
  const titleId = useId();
  if (requests.length === 0) return null;
  return (
    <section className="share-section share-section--requests" aria-labelledby={titleId}>
      <h3 id={titleId} className="share-section__title">
        Waiting for access <span className="share-section__count">{requests.length}</span>
      </h3>
      <ul className="share-list">
        {requests.map((request) => {
          const name = request.requester?.name ?? "Someone";
          const busy = busyId === request.id;
          return (
            <li key={request.id} className="share-row share-row--request" aria-busy={busy || undefined}>
              <span className="share-row__avatar" aria-hidden="true">
                {name.slice(0, 1).toUpperCase()}
              </span>
              <span className="share-row__who">
                <span className="share-row__name">
                  {name} asks to {ASKED[request.permission]} it
                </span>
                <span className="share-row__detail">
                  {request.requester?.email}
                  {request.message ? ` · “${request.message}”` : ""}
                </span>
              </span>
              <span className="share-row__controls">
                <button type="button" className="button button--small button--primary" disabled={busy} onClick={() => onAccept(request)}>
                  Accept<span className="visually-hidden"> {name} ({LEVEL_LABELS[request.permission]})</span>
                </button>
                <button type="button" className="button button--small" disabled={busy} onClick={() => onDeny(request)}>
                  Deny<span className="visually-hidden"> {name}</span>
                </button>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
