import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { DocPicker } from "../handbooks/DocPicker";
import { Dialog } from "../ui/Dialog";
import { Field, FormAlert } from "../ui/Field";
import type { TemplateActionResult } from "./types";

function useResult(intent: string) {
  const actionData = useActionData<TemplateActionResult>();
  const navigation = useNavigation();
  return {
    failure: actionData && !actionData.ok && actionData.intent === intent ? actionData : undefined,
    busy: navigation.state !== "idle" && navigation.formData?.get("intent") === intent,
  };
}

/** `?new`: a blank template, opened in the editor to write. */
export function NewTemplateDialog({ open, closeTo }: { open: boolean; closeTo: string }) {
  const { failure, busy } = useResult("new-template");
  return (
    <Dialog open={open || Boolean(failure)} closeTo={closeTo} title="New template" description="It opens in the editor. Everyone in the workspace can use it once it's saved.">
      <Form method="post" className="dialog__form">
        <FormAlert message={failure?.message} />
        <Field label="Name" name="title" required maxLength={300} placeholder="e.g. Webinar brief" data-autofocus errors={failure?.fields?.title} />
        <div className="dialog__actions">
          <Link to={closeTo} replace preventScrollReset className="button">
            Cancel
          </Link>
          <button type="submit" name="intent" value="new-template" className="button button--primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? "Creating…" : "Create and edit"}
          </button>
        </div>
      </Form>
    </Dialog>
  );
}

/** `?save`: copies one of the person's readable documents into a new template. */
export function SaveAsTemplateDialog({ open, closeTo, workspaceId }: { open: boolean; closeTo: string; workspaceId: number }) {
  const { failure, busy } = useResult("save-as-template");
  return (
    <Dialog
      open={open || Boolean(failure)}
      closeTo={closeTo}
      title="Save a document as a template"
      description="The document stays as it is; the template is a copy you can edit separately."
    >
      <Form method="post" className="dialog__form">
        <FormAlert message={failure?.message} />
        <DocPicker workspaceId={workspaceId} />
        <div className="dialog__actions">
          <Link to={closeTo} replace preventScrollReset className="button">
            Cancel
          </Link>
          <button type="submit" name="intent" value="save-as-template" className="button button--primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? "Saving…" : "Save as template"}
          </button>
        </div>
      </Form>
    </Dialog>
  );
}
