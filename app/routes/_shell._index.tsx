import { count } from "../../core/counting";
import { type ActionFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation, useRouteLoaderData } from "@remix-run/react";
import { WelcomeBanner } from "~/components/home/WelcomeBanner";
import { Field, FormAlert } from "~/components/ui/Field";
import { createWorkspace } from "~/lib/current-workspace.server";
import type { loader as shellLoader, ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "Home" };

export const meta: MetaFunction = () => [{ title: "Home · Brandwork" }];

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

export default function Home() {
  const shell = useRouteLoaderData<typeof shellLoader>("routes/_shell");
  const user = shell?.user;
  const workspace = shell?.currentWorkspace ?? null;
  const others = (shell?.workspaces.length ?? 0) - (workspace ? 1 : 0);

  return (
    <div className="page">
      {workspace?.is_new ? <WelcomeBanner workspaceId={workspace.id} workspaceName={workspace.name} /> : null}
      <section className="hero">
        <p className="eyebrow">{user ? `Welcome back, ${user.first_name || user.name}` : "Brandwork"}</p>
        <h2 className="hero__title">Marketing content in your brand&apos;s voice</h2>
        <p className="hero__lead">
          Plan campaigns, write blog posts, social posts and email sequences with your brand kit, and keep every
          document, review and handbook in one workspace.
        </p>
      </section>
      {workspace ? null : <CreateFirstWorkspace />}
      <section className="card-grid" aria-label="Workspace">
        {workspace ? (
          <article className="card">
            <h3>{workspace.name}</h3>
            <p>
              {workspace.role ? `You are ${workspace.role === "admin" ? "an admin" : `a ${workspace.role}`} here. ` : ""}
              {workspace.paying ? "Paid plan." : workspace.can_start_free_trial ? "Free trial." : "Free plan."}
            </p>
            <p className="card__meta">
              {others > 0 ? `You are in ${count(others, "other workspace")}; switch from the top of the sidebar.` : "Switch or create workspaces from the top of the sidebar."}
            </p>
          </article>
        ) : null}
        <article className="card">
          <h3>System status</h3>
          <p>See whether the API, the database and scheduled jobs are healthy.</p>
          <Link className="button" to="/status">
            Open status
          </Link>
        </article>
      </section>
    </div>
  );
}
