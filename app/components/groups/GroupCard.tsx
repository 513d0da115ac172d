import { count } from "../../../core/counting";
import { Link, useActionData, type FetcherWithComponents } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { joinActionFor, type GroupActionResult, type GroupSummary } from "./types";
import { VisibilityBadge, VisibilityIcon } from "./visibility";

/**
 * One group in the list: what it is, who is in it, and the one thing to do with it.
 * Joining and asking go through the list's fetcher, so the page stays put while the card
 * updates; the list owns it because joining moves the card from one section to the other.
 */
export function GroupCard({
  group,
  href,
  fetcher,
}: {
  group: GroupSummary;
  href: string;
  fetcher: FetcherWithComponents<GroupActionResult>;
}) {
  const busy = fetcher.state !== "idle" && Number(fetcher.formData?.get("group_id")) === group.id;
  const action = joinActionFor(group);
  // Without JavaScript the form posts as a page, and the answer arrives as the page's action data.
  const pageResult = useActionData<GroupActionResult>();
  const answer = fetcher.data ?? pageResult;
  const result = answer?.intent === "join" && answer.groupId === group.id ? answer : undefined;
  const titleId = `group-${group.id}-name`;
  const openRef = useRef<HTMLAnchorElement>(null);

  // Joining moves the card to "Your groups" and its button goes away: keep the keyboard where it was.
  const joinedHere = Boolean(result?.ok && group.is_member);
  useEffect(() => {
    if (joinedHere && (document.activeElement === document.body || document.activeElement === null)) openRef.current?.focus();
  }, [joinedHere]);

  return (
    <li className="link-card group-card" aria-labelledby={titleId}>
      <div className="group-card__icon" data-visibility={group.visibility} aria-hidden="true">
        <VisibilityIcon visibility={group.visibility} width={20} height={20} />
      </div>
      <div className="link-card__body">
        <h3 className="link-card__title" id={titleId}>
          <Link to={href} prefetch="intent" className="link-card__link">
            {group.name}
          </Link>
        </h3>
        {group.description ? (
          <p className="link-card__description">{group.description}</p>
        ) : (
          <p className="link-card__description group-card__description--empty">No description</p>
        )}
        <p className="group-card__meta">
          <VisibilityBadge visibility={group.visibility} />
          <span>{count(group.member_count, "member")}</span>
          {group.role === "owner" ? <span className="group-card__role">You own it</span> : null}
        </p>
      </div>
      <div className="group-card__action">
        {action === "open" || action === "none" ? (
          <Link to={href} ref={openRef} className="button button--small" aria-label={`Open ${group.name}`}>
            Open
          </Link>
        ) : action === "requested" ? (
          <span className="group-card__requested" title="Waiting for one of its owners to accept">
            Requested
          </span>
        ) : (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="join" />
            <input type="hidden" name="group_id" value={group.id} />
            <button
              type="submit"
              className={`button button--small${action === "join" ? " button--primary" : ""}`}
              disabled={busy}
              aria-busy={busy || undefined}
              aria-label={`${action === "join" ? "Join" : "Request to join"} ${group.name}`}
            >
              {busy ? (action === "join" ? "Joining…" : "Sending…") : action === "join" ? "Join" : "Request to join"}
            </button>
          </fetcher.Form>
        )}
        {result ? (
          <p className={result.ok ? "group-card__note" : "group-card__error"} role={result.ok ? "status" : "alert"}>
            {result.message}
          </p>
        ) : null}
      </div>
    </li>
  );
}
