import { Form, useActionData, useNavigation } from "@remix-run/react";
import { LockIcon } from "../ui/icons";
import { Field, FormAlert } from "../ui/Field";
import type { FolderActionResult } from "./AddPropertyDialog";

const MESSAGES: Record<string, string | undefined> = {
  password_invalid: "That password is not right. Try again.",
  too_many_tries: "Too many wrong passwords. Wait a moment and try again.",
};

/** A password-protected folder asks for its password before showing anything inside. */
export function FolderPasswordPrompt({ code }: { code: string }) {
  const result = useActionData<FolderActionResult>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "unlock";
  const message = result?.intent === "unlock" && !result.ok ? result.message : MESSAGES[code];
  return (
    <div className="page">
      <section className="folder-locked" aria-labelledby="folder-locked-title">
        <span className="folder-empty__icon" aria-hidden="true">
          <LockIcon width={32} height={32} />
        </span>
        <h2 id="folder-locked-title">This folder is password protected</h2>
        <p>Enter the folder's password to see what is inside. Ask its owner if you don't have it.</p>
        <Form method="post" className="inline-form">
          <input type="hidden" name="intent" value="unlock" />
          <FormAlert message={message} />
          <Field label="Folder password" name="password" type="password" required autoComplete="current-password" autoFocus />
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? "Checking…" : "Open folder"}
          </button>
        </Form>
      </section>
    </div>
  );
}
