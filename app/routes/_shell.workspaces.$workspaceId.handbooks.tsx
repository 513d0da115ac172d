import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useLocation, useNavigation, useSearchParams } from "@remix-run/react";
import { can } from "../../worker/policies";
import { presentHandbook } from "../../worker/presenters/handbooks";
import { viewerFor } from "../../worker/services/access";
import { listHandbooks } from "../../worker/services/handbooks";
import { HandbookCard } from "~/components/handbooks/HandbookCard";
import { HandbooksErrorBoundary } from "~/components/handbooks/HandbooksErrorBoundary";
import { NewHandbookForm } from "~/components/handbooks/NewHandbookForm";
import type { HandbookActionResult, HandbookDetailJson } from "~/components/handbooks/types";
import { Dialog, withoutParam } from "~/components/ui/Dialog";
import { BookIcon, PlusIcon } from "~/components/ui/icons";
import { requireWorkspaceActor, workspaceActionContext } from "~/lib/workspace.server";
import styles from "~/styles/handbooks.css?url";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "Handbooks" };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Handbooks · ${data.workspaceName} · Brandwork` : "Handbooks · Brandwork" },
];

/** The handbooks this person may open (their cover page is readable to them), newest change first. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { db, actor, workspace } = await requireWorkspaceActor(request, context, params.workspaceId);
  const rows = await listHandbooks(db, viewerFor(actor));
  return {
    workspaceName: workspace.name,
    handbooks: rows.map((row) => presentHandbook(row.handbook, { cover: row.cover, level: row.level, itemCount: row.itemCount })),
    canCreate: can(actor, "handbooks.create"),
  };
}

/** "New handbook": created through the API, then opened. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { call, workspace } = await workspaceActionContext(request, context, params.workspaceId);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent !== "create") {
    return data<HandbookActionResult>({ intent, ok: false, message: "That form was incomplete. Reload the page and try again." }, { status: 400 });
  }
  const result = await call<HandbookDetailJson>("POST", `/w/${workspace.id}/handbooks`, {
    title: String(form.get("title") ?? ""),
    description: String(form.get("description") ?? ""),
    sort: String(form.get("sort") || "custom"),
  });
  if (!result.ok) {
    return data<HandbookActionResult>({ intent, ok: false, message: result.problem.message, fields: result.problem.fields }, { status: result.status >= 400 ? result.status : 400 });
  }
  throw redirect(`/handbook/${result.data.key}`);
}

export default function Handbooks() {
  const { handbooks, canCreate } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigation();
  const closeTo = withoutParam(location, "new");
  const dialogOpen = canCreate && (searchParams.has("new") || Boolean(actionData && !actionData.ok));
  const archived = searchParams.get("archived");
  const newLink = (
    <Link to="?new" replace preventScrollReset className="button button--primary">
      <PlusIcon aria-hidden="true" />
      New handbook
    </Link>
  );

  return (
    <div className="page hb-list-page" aria-busy={navigation.state === "loading" || undefined}>
      <header className="hb-list-page__header">
        <p className="hb-list-page__lead">
          A handbook gathers documents, links and other handbooks behind a cover page: a brand book, an onboarding guide, a
          campaign playbook.
        </p>
        {canCreate ? newLink : null}
      </header>

      {archived !== null ? (
        <div className="hb-notice" role="status">
          <span>Archived “{archived}”. Its documents stay where they were.</span>
          <Link to={withoutParam(location, "archived")} replace className="link-button">
            Dismiss
          </Link>
        </div>
      ) : null}

      {handbooks.length ? (
        <ul className="link-cards" aria-label="Handbooks">
          {handbooks.map((handbook) => (
            <HandbookCard key={handbook.key} handbook={handbook} />
          ))}
        </ul>
      ) : (
        <section className="hb-empty" aria-labelledby="hb-empty-title">
          <span className="hb-empty__icon" aria-hidden="true">
            <BookIcon width={32} height={32} />
          </span>
          <h2 id="hb-empty-title">No handbooks yet</h2>
          {canCreate ? (
            <>
              <p>Start one for your brand guidelines or team onboarding, then add sections, documents and links to its sidebar.</p>
              {newLink}
            </>
          ) : (
            <p>Nobody has shared a handbook with you yet. Handbooks show here once you can read their cover page.</p>
          )}
        </section>
      )}

      <Dialog open={dialogOpen} closeTo={closeTo} title="New handbook" description="Give it a title; you can add pages as soon as it exists.">
        <NewHandbookForm result={actionData} cancelTo={closeTo} />
      </Dialog>
    </div>
  );
}

export { HandbooksErrorBoundary as ErrorBoundary };
