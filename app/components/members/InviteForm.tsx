import { count } from "../../../core/counting";
import { Form, Link, useNavigation } from "@remix-run/react";
import { FormAlert, TextAreaField } from "../ui/Field";
import { Choice } from "./ConfirmForms";
import type { MembersActionResult } from "./types";

export type InviteRole = "member" | "admin" | "guest";

const ROLE_CHOICES: { role: InviteRole; label: string; detail: string }[] = [
  { role: "member", label: "Member", detail: "Works on documents and groups, and can invite people." },
  { role: "admin", label: "Admin", detail: "Also manages members, guests, settings and provisioning." },
  { role: "guest", label: "Guest", detail: "Sees only the documents and groups shared with them." },
];

/**
 * Invites one or more people by email with one role, an optional note for the email and a
 * reason kept for admins. Posts to the page without `?invite`, so success closes the dialog;
 * a failure keeps it open with each address's answer and only the addresses left to fix.
 */
export function InviteForm({
  closeTo,
  result,
  canInviteAdmin,
  defaultRole,
  maxInvites,
  invitationDays,
}: {
  closeTo: string;
  result?: MembersActionResult;
  canInviteAdmin: boolean;
  defaultRole: InviteRole;
  maxInvites: number;
  invitationDays: number;
}) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "invite";
  const failed = result && !result.ok ? result : undefined;
  const fields = failed?.fields ?? {};
  // What was sent comes back with a failure, so nothing typed is lost when the form starts again.
  const values = failed?.values ?? {};
  const role = ROLE_CHOICES.some((choice) => choice.role === values.role) ? (values.role as InviteRole) : defaultRole;
  const choices = ROLE_CHOICES.filter((choice) => choice.role !== "admin" || canInviteAdmin);

  return (
    // A new answer with addresses to retry starts the form again from them.
    <Form method="post" action={closeTo} preventScrollReset className="member-form" key={failed ? `${failed.retry}|${failed.message}` : "new"}>
      <input type="hidden" name="intent" value="invite" />
      <FormAlert message={failed?.message} />
      {failed?.invites?.length ? (
        <ul className="invite-outcomes" aria-label="What happened to each address">
          {failed.invites.map((outcome) => (
            <li key={outcome.email} className="invite-outcomes__item">
              <span className={`outcome-pill outcome-pill--${outcome.ok ? "ok" : "error"}`}>{outcome.ok ? "Invited" : "Not sent"}</span>
              <span className="invite-outcomes__text">{outcome.message}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <TextAreaField
        label="Email addresses"
        name="emails"
        rows={3}
        required
        autoComplete="off"
        spellCheck={false}
        placeholder="alex@example.com, sam@example.com"
        defaultValue={failed?.retry ?? ""}
        errors={fields.emails ?? fields.email}
        hint={`Separate addresses with commas, spaces or new lines; up to ${maxInvites} at a time.`}
        data-autofocus
      />
      <fieldset className="choice-list" aria-describedby={fields.role?.length ? "invite-role-error" : undefined}>
        <legend className="field__label">Invite as</legend>
        {choices.map((choice) => (
          <Choice key={choice.role} name="role" value={choice.role} label={choice.label} detail={choice.detail} defaultChecked={choice.role === role} />
        ))}
        {fields.role?.length ? (
          <p className="field__error" id="invite-role-error">
            Role {fields.role.join(", ")}
          </p>
        ) : null}
      </fieldset>
      <TextAreaField
        label="Personal message"
        name="message"
        optional
        rows={2}
        maxLength={1000}
        defaultValue={values.message ?? ""}
        errors={fields.message}
        hint="Added to the invitation email."
      />
      <TextAreaField
        label="Reason for inviting"
        name="invite_reason"
        optional
        rows={1}
        maxLength={500}
        autoComplete="off"
        placeholder="e.g. Freelance copywriter for the spring campaign"
        defaultValue={values.invite_reason ?? ""}
        errors={fields.invite_reason}
        hint="Kept with the invitation, so admins know why they were asked."
      />
      <p className="member-form__note">Each person gets an email with a link to join. Links work for {count(invitationDays, "day")}.</p>
      <div className="member-form__actions">
        <Link to={closeTo} replace preventScrollReset className="button">
          Cancel
        </Link>
        <button type="submit" className="button button--primary" disabled={sending} aria-busy={sending || undefined}>
          {sending ? "Sending…" : "Send invitations"}
        </button>
      </div>
    </Form>
  );
}
