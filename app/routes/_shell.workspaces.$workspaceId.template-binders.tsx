import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation, useSearchParams } from "@remix-run/react";
import { BinderPanel } from "~/components/templates/BinderPanel";
import { bindersAction, bindersPage } from "~/components/templates/binders.server";
import { TemplatesErrorBoundary } from "~/components/templates/TemplatesErrorBoundary";
import type { TemplateActionResult } from "~/components/templates/types";
import { Dialog, DialogActions, withoutParam } from "~/components/ui/Dialog";
import { Field, FormAlert, TextAreaField } from "~/components/ui/Field";
import { PlusIcon, TemplateIcon } from "~/components/ui/icons";
import styles from "~/styles/templates.css?url";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "Template binders" };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Template binders · ${data.workspace.name} · Brandwork` : "Template binders · Brandwork" },
];

export const loader = ({ request, context, params }: LoaderFunctionArgs) => bindersPage(request, context, params.workspaceId);

export const action = ({ request, context, params }: ActionFunctionArgs) => bindersAction(request, context, params.workspaceId);

/** The create and edit form: a name and a description. */
function BinderForm({ intent, binder, closeTo }: { intent: "create" | "rename"; binder?: { id: number; name: string; description: string }; closeTo: string }) {
  const actionData = useActionData<TemplateActionResult>();
  const navigation = useNavigation();
  const failure = actionData && !actionData.ok && actionData.intent === intent ? actionData : undefined;
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" className="dialog__form">
      <FormAlert message={failure?.message} />
      {binder ? <input type="hidden" name="binder_id" value={binder.id} /> : null}
      <Field label="Name" name="name" required maxLength={200} defaultValue={binder?.name} placeholder="e.g. Product launch kit" data-autofocus errors={failure?.fields?.name} />
      <TextAreaField label="Description" name="description" rows={3} optional maxLength={2000} defaultValue={binder?.description} errors={failure?.fields?.description} />
      <DialogActions closeTo={closeTo} intent={intent} label={intent === "create" ? "Create binder" : "Save"} busyLabel="Saving…" busy={busy} />
    </Form>
  );
}

export default function TemplateBinders() {
  const { workspace, binders, templates } = useLoaderData<typeof loader>();
  const actionData = useActionData<TemplateActionResult>();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigation();
  const renaming = binders.find((binder) => String(binder.id) === searchParams.get("rename"));
  const deleting = binders.find((binder) => String(binder.id) === searchParams.get("delete"));
  const creating = searchParams.has("new") || (actionData?.intent === "create" && !actionData.ok);
  const deleteBusy = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";
  const newLink = (
    <Link to="?new" replace preventScrollReset className="button button--primary">
      <PlusIcon aria-hidden="true" /> New binder
    </Link>
  );

  return (
    <div className="page binders-page" aria-busy={navigation.state === "loading" || undefined}>
      <header className="tpl-page__header">
        <p className="tpl-page__lead">
          A binder keeps templates that go together, in order: everything for a product launch, a campaign or onboarding.
        </p>
        <div className="tpl-page__actions">
          <Link to={`/workspaces/${workspace.id}/templates`} className="button">
            All templates
          </Link>
          {newLink}
        </div>
      </header>

      {binders.length ? (
        <div className="binders">
          {binders.map((binder) => (
            <BinderPanel key={binder.id} binder={binder} workspaceId={workspace.id} templates={templates} />
          ))}
        </div>
      ) : (
        <section className="tpl-empty tpl-empty--large" aria-labelledby="binders-empty-title">
          <TemplateIcon aria-hidden="true" width={32} height={32} />
          <h2 id="binders-empty-title">No binders yet</h2>
          <p>Create a binder, then add your workspace's templates to it in the order your team uses them.</p>
          {newLink}
        </section>
      )}

      <Dialog open={creating} closeTo={withoutParam(location, "new")} title="New template binder">
        <BinderForm intent="create" closeTo={withoutParam(location, "new")} />
      </Dialog>
      <Dialog open={Boolean(renaming)} closeTo={withoutParam(location, "rename")} title="Edit binder">
        {renaming ? <BinderForm intent="rename" binder={renaming} closeTo={withoutParam(location, "rename")} /> : null}
      </Dialog>
      <Dialog
        open={Boolean(deleting)}
        closeTo={withoutParam(location, "delete")}
        tone="danger"
        title="Delete this binder?"
        description={deleting ? <p>“{deleting.name}” goes; the templates in it stay in the workspace.</p> : null}
      >
        {deleting ? (
          <Form method="post" className="dialog__form">
            <FormAlert message={actionData && !actionData.ok && actionData.intent === "delete" ? actionData.message : null} />
            <input type="hidden" name="binder_id" value={deleting.id} />
            <DialogActions
              closeTo={withoutParam(location, "delete")}
              tone="destructive"
              intent="delete"
              label="Delete binder"
              busyLabel="Deleting…"
              busy={deleteBusy}
              autoFocus="cancel"
            />
          </Form>
        ) : null}
      </Dialog>
    </div>
  );
}

export { TemplatesErrorBoundary as ErrorBoundary };
