import { Form, useNavigation } from "@remix-run/react";
import { Dialog, DialogActions } from "../ui/Dialog";
import { FormAlert } from "../ui/Field";

interface RestoreDialogProps {
  open: boolean;
  closeTo: string;
  versionId: number;
  versionName: string;
  error: string | null;
}

/** "Restore this version": says what it does to everyone before it does it. */
export function RestoreDialog({ open, closeTo, versionId, versionName, error }: RestoreDialogProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <Dialog
      open={open}
      closeTo={closeTo}
      title="Restore this version?"
      tone="danger"
      description={
        <>
          <p>
            The document&apos;s text and title become those of <strong>{versionName}</strong>, for everyone, including people editing it right now: their editors
            switch to the restored text.
          </p>
          <p>Nothing is lost: the current text stays in the history, and you can restore it the same way.</p>
        </>
      }
    >
      <Form method="post" replace>
        <input type="hidden" name="version" value={versionId} />
        <FormAlert message={error} />
        <DialogActions closeTo={closeTo} label="Restore this version" busyLabel="Restoring…" busy={busy} intent="restore" tone="destructive" autoFocus="cancel" />
      </Form>
    </Dialog>
  );
}
