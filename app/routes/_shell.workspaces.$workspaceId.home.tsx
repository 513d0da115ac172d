import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import {
  frequentlyViewedArticles,
  pinnedFiles,
  presentArticlePage,
  presentFilePage,
  recentFiles,
  recentlyUpdatedArticles,
} from "../../worker/services/home-feed";
import { workspaceNextSteps } from "../../worker/services/next-steps";
import { NextSteps } from "~/components/home/NextSteps";
import { WelcomeBanner } from "~/components/home/WelcomeBanner";
import { FileActionNotice } from "~/components/files/FileActionNotice";
import { FileList } from "~/components/files/FileList";
import { NewDocumentButton } from "~/components/files/NewDocumentButton";
import { fileAction, fileListContext } from "~/components/files/files.server";
import { FilesErrorBoundary } from "~/components/files/FilesErrorBoundary";
import { FormAlert } from "~/components/ui/Field";
import { DocIcon, ImportIcon } from "~/components/ui/icons";
import styles from "~/styles/files.css?url";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "Home" };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Home · ${data.workspaceName} · Brandwork` : "Home · Brandwork" }];

/** `?filter=in_review`: only the documents someone is still reviewing. */
const IN_REVIEW = "in_review";
const IN_REVIEW_ITEMS = 50;

/** The workspace home: pins, what I opened lately, what I read most, what changed; or only what is in review. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { db, viewer, workspace, signedIn, actor, canPin, canCreate, now } = await fileListContext(request, context, params.workspaceId);
  const greeting = {
    name: signedIn.user.first_name || signedIn.user.name,
    // SPEC section 4: a workspace is new until its first view is recorded (WelcomeBanner).
    firstVisit: workspace.isNew,
    role: actor.role === "admin" || actor.role === "super_admin" ? "an admin" : `a ${actor.role}`,
  };
  // Anything else in the address shows the whole home rather than an error page.
  if (new URL(request.url).searchParams.get("filter") === IN_REVIEW) {
    const inReview = await recentFiles(db, viewer, { items: IN_REVIEW_ITEMS, withActiveReviews: true });
    return {
      view: "in_review" as const,
      workspaceId: workspace.id,
      workspaceName: workspace.name,
      greeting,
      nextSteps: [],
      now,
      canPin,
      canCreate,
      inReview: await presentFilePage(db, viewer, inReview, "touched_at"),
      pins: [],
      recent: [],
      frequent: [],
      updated: [],
    };
  }
  const [pins, recent, frequent, updated, nextSteps] = await Promise.all([
    pinnedFiles(db, viewer),
    recentFiles(db, viewer, { items: 4 }),
    frequentlyViewedArticles(db, viewer, { items: 6, scope: "mine" }),
    recentlyUpdatedArticles(db, viewer, { items: 6 }),
    // What to do next is for those who can do it (members and admins), until all of it is done.
    canCreate ? workspaceNextSteps(db, workspace.id) : [],
  ]);
  return {
    view: "all" as const,
    workspaceId: workspace.id,
    workspaceName: workspace.name,
    greeting,
    nextSteps: nextSteps.every((step) => step.done) ? [] : nextSteps,
    now,
    canPin,
    canCreate,
    inReview: [],
    pins: await presentFilePage(db, viewer, pins),
    recent: await presentFilePage(db, viewer, recent, "touched_at"),
    frequent: await presentArticlePage(db, viewer, frequent),
    updated: await presentArticlePage(db, viewer, updated),
  };
}

export const action = ({ request, context, params }: ActionFunctionArgs) => fileAction(request, context, params.workspaceId);

function Section({ id, title, more, children }: { id: string; title: string; more?: { to: string; label: string }; children: ReactNode }) {
  return (
    <section className="files-section" aria-labelledby={id}>
      <header className="files-section__header">
        <h2 id={id} className="files-section__title">
          {title}
        </h2>
        {more ? (
          <Link to={more.to} className="files-section__more">
            {more.label}
          </Link>
        ) : null}
      </header>
      {children}
    </section>
  );
}

export default function WorkspaceHome() {
  const { view, workspaceId, workspaceName, greeting, nextSteps, now, canPin, canCreate, inReview, pins, recent, frequent, updated } = useLoaderData<typeof loader>();
  // A first visit stays one while the page is open, though the view is recorded (and the loader re-run) meanwhile.
  const [firstVisit] = useState(greeting.firstVisit);
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const base = `/workspaces/${workspaceId}`;
  const fresh = view === "all" && pins.length + recent.length + frequent.length + updated.length === 0;
  const loading = navigation.state === "loading" && navigation.location.pathname !== `${base}/home`;
  // Switching between the whole home and In review: the view being loaded, until it shows.
  const switchingTo =
    navigation.state === "loading" && navigation.location.pathname === `${base}/home`
      ? new URLSearchParams(navigation.location.search).get("filter") === IN_REVIEW
        ? "in_review"
        : "all"
      : null;

  return (
    <div className="page files-page" aria-busy={loading || undefined}>
      {firstVisit ? <WelcomeBanner workspaceId={workspaceId} workspaceName={workspaceName} /> : null}
      <header className="files-header">
        <div>
          <p className="eyebrow">{firstVisit ? `Welcome, ${greeting.name}` : `Welcome back, ${greeting.name}`}</p>
          <p className="files-header__lead">
            <strong>{workspaceName}</strong>: {nextSteps.length > 0 ? "what to do next, then " : ""}pinned files, what you opened lately and what changed
            across the workspace.
          </p>
          <p className="files-header__meta">You are {greeting.role} here.</p>
        </div>
        {canCreate ? <NewDocumentButton /> : null}
      </header>
      <FormAlert message={actionData && !actionData.ok ? actionData.message : null} />
      <FileActionNotice />
      {view === "all" && nextSteps.length > 0 ? <NextSteps steps={nextSteps} /> : null}

      {fresh ? null : (
        <nav className="files-tabs" aria-label="Home views" aria-busy={switchingTo !== null || undefined}>
          <Link to={`${base}/home`} className="files-tabs__tab" aria-current={view === "all" ? "page" : undefined} data-pending={switchingTo === "all" || undefined} preventScrollReset>
            Everything
          </Link>
          <Link
            to={`${base}/home?filter=${IN_REVIEW}`}
            className="files-tabs__tab"
            aria-current={view === "in_review" ? "page" : undefined}
            data-pending={switchingTo === "in_review" || undefined}
            preventScrollReset
          >
            In review
          </Link>
        </nav>
      )}

      {view === "in_review" ? (
        <Section id="home-in-review" title="In review">
          <FileList
            items={inReview}
            now={now}
            label="Documents in review"
            canPin={canPin}
            time="touched_at"
            empty={
              <p className="files-section__empty">
                No documents are in review. Ask for a review with a document&apos;s Request review button; documents you opened or
                changed show here while a review is open.
              </p>
            }
          />
        </Section>
      ) : fresh ? (
        <section className="files-empty files-empty--hero" aria-labelledby="home-empty-title">
          <span className="files-empty__icon" aria-hidden="true">
            <DocIcon width={32} height={32} />
          </span>
          <h2 id="home-empty-title">Nothing here yet</h2>
          <p>
            This workspace has no documents you can open. Start one from scratch, or bring in what you already have as
            markdown or HTML files.
          </p>
          {canCreate ? (
            <div className="files-empty__actions">
              <NewDocumentButton label="Create your first document" />
              <Link to={`${base}/import`} className="button">
                <ImportIcon aria-hidden="true" />
                Import files
              </Link>
            </div>
          ) : (
            <p>Guests see what others share with them. Ask a member of {workspaceName} to share a document with you.</p>
          )}
        </section>
      ) : (
        <>
          <Section id="home-pins" title="Pinned">
            <FileList
              items={pins}
              now={now}
              label="Pinned files"
              canPin={canPin}
              reorderPins
              empty={
                <p className="files-section__empty">
                  {canPin
                    ? "Pin the documents and folders everyone needs from their ⋯ menu; they show here for the whole workspace."
                    : "Nothing is pinned yet. Members pin the files everyone needs here."}
                </p>
              }
            />
          </Section>
          <Section id="home-recent" title="Recent" more={{ to: `${base}/recent`, label: "See all recent" }}>
            <FileList
              items={recent}
              now={now}
              label="Recent files"
              canPin={canPin}
              time="touched_at"
              empty={<p className="files-section__empty">Documents and folders you open or change show up here.</p>}
            />
          </Section>
          <Section id="home-frequent" title="Frequently viewed">
            <FileList
              items={frequent}
              now={now}
              label="Frequently viewed documents"
              canPin={canPin}
              empty={<p className="files-section__empty">The documents you read most over the last 30 days show up here.</p>}
            />
          </Section>
          <Section id="home-updated" title="Recently updated" more={{ to: `${base}/all_docs?sort=last_modified_desc`, label: "See all documents" }}>
            <FileList items={updated} now={now} label="Recently updated documents" canPin={canPin} />
          </Section>
        </>
      )}
    </div>
  );
}

export { FilesErrorBoundary as ErrorBoundary };
