import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useNavigation, useRouteLoaderData } from "@remix-run/react";
import { Field, FormAlert } from "~/components/ui/Field";
import { createWorkspace } from "~/lib/current-workspace.server";
import { requireUser } from "~/lib/session.server";
import type { loader as shellLoader, ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "Home" };

export const meta: MetaFunction = () => [{ title: "Home · Brandwork" }];

/** With a workspace, home is that workspace's home (what to do next, its files); "/" only leads there. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { currentWorkspace } = await requireUser(request, context);
  if (currentWorkspace) throw redirect(`/workspaces/${currentWorkspace.id}/home`);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  return createWorkspace(request, context, form);
}

function CreateFirstWorkspace() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const problem = actionData && "error" in actionData ? actionData.error : null;
  return (
    <section className="card empty-state" aria-labelledby="first-workspace">
      <h3 id="first-workspace">Create your first workspace</h3>
      <p>
        A workspace holds your brand kit, campaigns and documents, and is where you invite your team. You can create more
        later.
      </p>
      <Form method="post" className="inline-form">
        <FormAlert message={problem?.message} />
        <Field label="Workspace name" name="name" required maxLength={80} placeholder="e.g. Acme Marketing" errors={problem?.fields.name} />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? "Creating…" : "Create workspace"}
        </button>
      </Form>
    </section>
  );
}

/** Someone in no workspace (yet, or any more): the one thing to do is make one. */
export default function Home() {
  const shell = useRouteLoaderData<typeof shellLoader>("routes/_shell");
  const user = shell?.user;

  return (
    <div className="page">
      <section className="hero">
        <p className="eyebrow">{user ? `Welcome, ${user.first_name || user.name}` : "Brandwork"}</p>
        <h2 className="hero__title">Marketing content in your brand&apos;s voice</h2>
        <p className="hero__lead">
          Plan campaigns, write blog posts, social posts and email sequences with your brand kit, and keep every
          document, review and handbook in one workspace.
        </p>
      </section>
      <CreateFirstWorkspace />
    </div>
  );
}
