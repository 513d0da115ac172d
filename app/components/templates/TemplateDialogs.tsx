import { Form, useActionData, useNavigation } from "@remix-run/react";
import { DocPicker } from "../handbooks/DocPicker";
import { Dialog, DialogActions } from "../ui/Dialog";
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
        <DialogActions closeTo={closeTo} intent="new-template" label="Create and edit" busyLabel="Creating…" busy={busy} />
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
        <DialogActions closeTo={closeTo} intent="save-as-template" label="Save as template" busyLabel="Saving…" busy={busy} />
      </Form>
    </Dialog>
  );
}
