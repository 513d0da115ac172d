import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormAlert } from "../ui/Field";
import type { MembersActionResult, Person } from "./types";

interface ConfirmFormProps {
  intent: string;
  /** Where the form posts: the page without the dialog's parameter, so success closes it. */
  closeTo: string;
  hidden?: Record<string, string | number>;
  result?: MembersActionResult;
  submitLabel: string;
  busyLabel: string;
  tone?: "primary" | "destructive";
  children?: ReactNode;
}

/** A dialog's form: what will happen, any choice to make, Cancel and the one button that does it. */
function ConfirmForm({ intent, closeTo, hidden = {}, result, submitLabel, busyLabel, tone = "primary", children }: ConfirmFormProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" action={closeTo} preventScrollReset className="member-form">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <FormAlert message={result && !result.ok ? result.message : null} />
      <div className="member-form__actions">
        {/* The keyboard starts on the safe choice when the button undoes something. */}
        <Link to={closeTo} replace preventScrollReset className="button" data-autofocus={tone === "destructive" || undefined}>
          Cancel
        </Link>
        <button
          type="submit"
          className={`button button--${tone}`}
          disabled={busy}
          aria-busy={busy || undefined}
          data-autofocus={tone === "primary" || undefined}
        >
          {busy ? busyLabel : submitLabel}
        </button>
      </div>
    </Form>
  );
}

const display = (person: Person) => (person.named ? person.name : person.email);
const personFields = (person: Person) => ({ member_id: person.id, member_name: display(person), member_status: person.status });

interface PersonFormProps {
  person: Person;
  workspaceName: string;
  closeTo: string;
  result?: MembersActionResult;
}

export function DeactivateForm({ person, workspaceName, closeTo, result }: PersonFormProps) {
  return (
    <ConfirmForm intent="deactivate" closeTo={closeTo} hidden={personFields(person)} result={result} submitLabel="Deactivate" busyLabel="Deactivating…">
      <p className="dialog__text">
        {display(person)} can&apos;t open {workspaceName} or anything in it until an admin reactivates them. Their documents and
        their place in groups are kept, so reactivating brings everything back.
      </p>
    </ConfirmForm>
  );
}

export function RemoveForm({ person, workspaceName, closeTo, result }: PersonFormProps) {
  const invited = person.status === "invited";
  return (
    <ConfirmForm
      intent="remove"
      closeTo={closeTo}
      hidden={personFields(person)}
      result={result}
      tone="destructive"
      submitLabel={invited ? "Withdraw invitation" : "Remove from workspace"}
      busyLabel={invited ? "Withdrawing…" : "Removing…"}
    >
      <p className="dialog__text">
        {invited
          ? `The link in the email to ${person.email} stops working. You can invite them again at any time.`
          : `${display(person)} loses access to ${workspaceName} and leaves its groups. Documents they wrote stay. To keep the option of bringing them back as they were, deactivate them instead.`}
      </p>
    </ConfirmForm>
  );
}

export function ReactivateForm({ person, closeTo, result, canMakeAdmin }: PersonFormProps & { canMakeAdmin: boolean }) {
  const invalid = Boolean(result?.fields?.admin?.length);
  return (
    <ConfirmForm intent="reactivate" closeTo={closeTo} hidden={personFields(person)} result={result} submitLabel="Reactivate" busyLabel="Reactivating…">
      <p className="dialog__text">
        {display(person)} can sign in to the workspace again, with the documents and groups they had.
        {person.role === "guest" ? " They come back as a member, no longer a guest." : null}
      </p>
      <fieldset className="choice-list" aria-invalid={invalid || undefined}>
        <legend className="field__label">Bring them back as</legend>
        <Choice name="admin" value="false" defaultChecked label="Member" detail="Works on documents and groups, and can invite people." />
        {canMakeAdmin ? (
          <Choice
            name="admin"
            value="true"
            defaultChecked={false}
            label="Admin"
            detail="Also manages members, guests, settings and provisioning."
          />
        ) : null}
      </fieldset>
    </ConfirmForm>
  );
}

export function RemoveGuestForm({ person, workspaceName, closeTo, result }: PersonFormProps) {
  // Deactivating again changes nothing, and a pending invitation has nothing to keep: both are a removal.
  const onlyRemove = person.status !== "active";
  return (
    <ConfirmForm
      intent="remove_guest"
      closeTo={closeTo}
      hidden={{ ...personFields(person), ...(onlyRemove ? { removal_type: "remove_access" } : {}) }}
      result={result}
      tone="destructive"
      submitLabel={person.status === "invited" ? "Withdraw invitation" : onlyRemove ? "Remove access" : "Remove guest"}
      busyLabel="Removing…"
    >
      {onlyRemove ? (
        <p className="dialog__text">
          {person.status === "invited"
            ? `The link in the email to ${person.email} stops working. You can invite them again at any time.`
            : `${display(person)} is taken out of ${workspaceName} and its groups for good. To work with them again, invite them again.`}
        </p>
      ) : (
        <fieldset className="choice-list">
          <legend className="field__label">How should {display(person)} leave {workspaceName}?</legend>
          <Choice
            name="removal_type"
            value="deactivate"
            defaultChecked
            label="Deactivate"
            detail="They can't open anything here, but an admin can bring them back with what they had."
          />
          <Choice
            name="removal_type"
            value="remove_access"
            defaultChecked={false}
            label="Remove access"
            detail="They leave the workspace and its groups for good. You can invite them again later."
          />
          {result?.fields?.removal_type ? <p className="field__error">Choose one of these.</p> : null}
        </fieldset>
      )}
    </ConfirmForm>
  );
}

export function RegenerateLinkForm({ closeTo, result }: { closeTo: string; result?: MembersActionResult }) {
  return (
    <ConfirmForm intent="regenerate_link" closeTo={closeTo} result={result} submitLabel="Get a new link" busyLabel="Creating…">
      <p className="dialog__text">
        The current link stops working straight away, for anyone who hasn&apos;t used it yet. People who already joined stay.
        Share the new link with anyone who still needs to join.
      </p>
    </ConfirmForm>
  );
}

export function RevokeTokenForm({ token, closeTo, result }: { token: { id: number; name: string }; closeTo: string; result?: MembersActionResult }) {
  return (
    <ConfirmForm
      intent="revoke_scim_token"
      closeTo={closeTo}
      hidden={{ token_id: token.id, token_name: token.name }}
      result={result}
      tone="destructive"
      submitLabel="Revoke token"
      busyLabel="Revoking…"
    >
      <p className="dialog__text">
        Your identity provider&apos;s next request with “{token.name}” is refused, so it stops adding and deactivating people
        here. Everyone it already provisioned stays. This can&apos;t be undone: create a new token to connect again.
      </p>
    </ConfirmForm>
  );
}

/** One option of a radio group, as a card with a line of explanation. */
export function Choice({
  name,
  value,
  label,
  detail,
  defaultChecked,
}: {
  name: string;
  value: string;
  label: string;
  detail: string;
  defaultChecked: boolean;
}) {
  return (
    <label className="choice">
      <input type="radio" name={name} value={value} defaultChecked={defaultChecked} required />
      <span className="choice__text">
        <span className="choice__label">{label}</span>
        <span className="choice__detail">{detail}</span>
      </span>
    </label>
  );
}
