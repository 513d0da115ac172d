import { count, formatNumber } from "../../../core/counting";
import { useActionData, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { FormAlert, TextAreaField } from "../ui/Field";
import type { GroupActionResult, GroupCandidate, MembershipResult } from "./types";

const OUTCOME: Record<MembershipResult["status"], { label: string; detail: string; tone: string }> = {
  added: { label: "Added", detail: "is now in the group.", tone: "ok" },
  already_member: { label: "Already in", detail: "was already a member.", tone: "muted" },
  invited: {
    label: "Invited",
    detail: "isn't in the workspace yet: we emailed an invitation, and they're in the group once they accept.",
    tone: "info",
  },
  deactivated: {
    label: "Not added",
    detail: "is deactivated in this workspace. Reactivate them first, then add them again.",
    tone: "warn",
  },
};

/** "sam@example.com · guest · invited to the workspace": what tells two people apart in the picker. */
const candidateDetail = (person: GroupCandidate) =>
  [
    person.name !== person.email ? person.email : null,
    person.workspace_role === "guest" ? "guest" : null,
    person.membership_status === "invited" ? "invited to the workspace" : null,
  ]
    .filter(Boolean)
    .join(" · ");

/**
 * Adds people by email (pasted in any common form) or by ticking colleagues who are not in
 * the group yet, and says what happened to each address. Works as a plain form; with
 * JavaScript it stays on the page and clears itself after a success.
 */
export function AddMembersForm({
  candidates,
  candidateTotal,
  canInvite,
}: {
  candidates: GroupCandidate[];
  /** Everyone who could be added; the picker shows the first `candidates.length`. */
  candidateTotal: number;
  canInvite: boolean;
}) {
  const fetcher = useFetcher<GroupActionResult>({ key: "add-members" });
  const formRef = useRef<HTMLFormElement>(null);
  const [filter, setFilter] = useState("");
  const [hydrated, setHydrated] = useState(false);
  const busy = fetcher.state !== "idle";
  // Without JavaScript the form posts as a page, and the answer arrives as the page's action data.
  const pageResult = useActionData<GroupActionResult>();
  const answer = fetcher.data ?? pageResult;
  const result = answer?.intent === "add_members" ? answer : undefined;
  const invalid = Boolean(result && !result.ok && result.fields && Object.keys(result.fields).length);

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (fetcher.state === "idle" && result?.ok) formRef.current?.reset();
  }, [fetcher.state, result]);

  const needle = filter.trim().toLowerCase();
  const shown = candidates.filter(
    (person) => !needle || person.name.toLowerCase().includes(needle) || person.email.toLowerCase().includes(needle),
  );

  return (
    <fetcher.Form method="post" ref={formRef} className="add-members" aria-labelledby="add-members-title" id="add-members">
      <h3 id="add-members-title" className="group-panel__title">
        Add members
      </h3>
      <input type="hidden" name="intent" value="add_members" />
      <TextAreaField
        label="Email addresses"
        name="emails"
        rows={3}
        placeholder={"alex@example.com, sam@example.com"}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={invalid || undefined}
        hint={
          canInvite
            ? "Separate addresses with commas, spaces or new lines. People not yet in the workspace get an invitation by email."
            : "Separate addresses with commas, spaces or new lines. Only people already in the workspace can be added: ask an admin to invite others."
        }
      />
      {candidates.length ? (
        <fieldset className="candidates">
          <legend className="field__label">Or pick people from the workspace</legend>
          {hydrated && candidates.length > 6 ? (
            <input
              type="search"
              className="input input--compact"
              aria-label="Filter people"
              placeholder="Filter by name or email"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
            />
          ) : null}
          <ul className="candidates__list">
            {candidates.map((person) => (
              <li key={person.id} hidden={!shown.includes(person)}>
                <label className="candidates__option">
                  <input type="checkbox" name="pick" value={person.email} />
                  <span className="candidates__who">
                    <span className="candidates__name">{person.name}</span>
                    <span className="candidates__detail">{candidateDetail(person)}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
          {needle && shown.length === 0 ? <p className="field__hint">Nobody matches “{filter.trim()}”.</p> : null}
          {candidateTotal > candidates.length ? (
            <p className="field__hint">
              Showing {formatNumber(candidates.length)} of {count(candidateTotal, ["person", "people"])}. Type the email of anyone else above.
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <FormAlert message={result && !result.ok ? result.message : null} />
      <div className="add-members__actions">
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined}>
          {busy ? "Adding…" : "Add to group"}
        </button>
      </div>
      {result?.ok && result.results ? (
        <div className="add-results" role="status" aria-live="polite">
          <p className="add-results__summary">{result.message}</p>
          <ul className="add-results__list">
            {result.results.map((entry) => (
              <li key={entry.email} className="add-results__item">
                <span className={`outcome outcome--${OUTCOME[entry.status].tone}`}>{OUTCOME[entry.status].label}</span>
                <span className="add-results__text">
                  <strong>{entry.email}</strong> {OUTCOME[entry.status].detail}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </fetcher.Form>
  );
}
