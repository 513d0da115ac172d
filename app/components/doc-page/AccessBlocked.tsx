import { Form, Link, useFetcher } from "@remix-run/react";
import { requestAccessLabels, type AccessLevel } from "../../../core/enums";
import { FormAlert } from "../ui/Field";
import { CheckIcon, LockIcon } from "../ui/icons";

type Requestable = Exclude<AccessLevel, "owner">;
const ORDER: Requestable[] = ["edit", "comment", "read"];

/** What each level lets a person do, so they ask for what they need and no more. */
const LETS_YOU: Record<Requestable, string> = {
  edit: "change the text and share it",
  comment: "read it and leave comments",
  read: "read it",
};

export interface RequestAccessResult {
  intent: "request_access";
  ok: boolean;
  message: string;
  permission?: Requestable;
}

interface AccessBlockedProps {
  viewer: { name: string; email: string };
  /** A request already waiting for an answer. */
  pendingRequest: AccessLevel | null;
  homeHref: string;
}

/**
 * The AccessBlocked screen (SPEC section 3, modal flows): says what the person lacks and
 * lets them ask the document's owner and editors for it, with the spec's three labels.
 */
export function AccessBlocked({ viewer, pendingRequest, homeHref }: AccessBlockedProps) {
  const fetcher = useFetcher<RequestAccessResult>({ key: "request-access" });
  const sent = fetcher.data?.ok ? fetcher.data.permission : pendingRequest;
  const sending = fetcher.state !== "idle" ? (fetcher.formData?.get("permission") as Requestable | null) : null;

  return (
    <section className="doc-gate access-blocked" role="dialog" aria-modal="false" aria-labelledby="access-blocked-title">
      <div className="doc-gate__icon" aria-hidden="true">
        {sent ? <CheckIcon width={28} height={28} /> : <LockIcon width={28} height={28} />}
      </div>
      <h2 id="access-blocked-title">{sent ? "Request sent" : "You need access to this document"}</h2>
      {sent && sent !== "owner" ? (
        <p className="doc-gate__text" role="status">
          You asked for {sent} access. The document&apos;s owner and editors have been told; you&apos;ll get an email when one
          of them answers, and this link will open the document.
        </p>
      ) : (
        <>
          <p className="doc-gate__text">
            You&apos;re signed in as <strong>{viewer.name}</strong> ({viewer.email}), who can&apos;t open this document: it
            hasn&apos;t been shared with you, a group you&apos;re in, or everyone in the workspace. Ask for the access you need.
          </p>
          <FormAlert message={fetcher.data && !fetcher.data.ok ? fetcher.data.message : null} />
          <fetcher.Form method="post" className="access-blocked__choices">
            <input type="hidden" name="intent" value="request_access" />
            {ORDER.map((permission) => (
              <button
                key={permission}
                type="submit"
                name="permission"
                value={permission}
                className={`access-blocked__choice${permission === "edit" ? " access-blocked__choice--primary" : ""}`}
                disabled={sending !== null}
                aria-busy={sending === permission || undefined}
              >
                <span className="access-blocked__label">{sending === permission ? "Sending…" : requestAccessLabels[permission]}</span>
                <span className="access-blocked__hint">To {LETS_YOU[permission]}</span>
              </button>
            ))}
          </fetcher.Form>
        </>
      )}
      <div className="doc-gate__aside">
        <Link to={homeHref}>Back to your workspace</Link>
        <span aria-hidden="true">·</span>
        {/* Signing out is a POST (app/routes/logout.tsx). */}
        <Form method="post" action="/logout" className="doc-gate__inline-form">
          <button type="submit" className="link-button">
            Use another account
          </button>
        </Form>
      </div>
    </section>
  );
}
