import type { SerializeFrom } from "@remix-run/cloudflare";
import { Link, useNavigate, useRevalidator } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState } from "react";
import { documentToPlainText } from "../../../core/document/text";
import type { SerializedDocument } from "../../../core/document/types";
import { CommentsPanel } from "../comments/CommentsPanel";
import { DocumentView } from "../document/DocumentView";
import { useViewEvent } from "../files/useViewEvent";
import { useReadProgress } from "../insights/useReadProgress";
import { BranchBanner } from "../branches/BranchBanner";
import { BranchEntry } from "../branches/BranchEntry";
import { RestoredNotice } from "../history/RestoredNotice";
import { ShareDialog } from "../sharing/ShareDialog";
import { withoutParam } from "../ui/Dialog";
import { FormAlert } from "../ui/Field";
import { ArchiveIcon } from "../ui/icons";
import { api } from "~/lib/api";
import { ArchiveDialog } from "./ArchiveDialog";
import { storedArticlePassword } from "./articlePassword";
import type { loadDocumentScreen } from "./doc-page.server";
import { dialogHref, DOC_DIALOGS, openDialog } from "./dialogs";
import { DocHeader } from "./DocHeader";
import { DocMenu } from "./DocMenu";
import { FavoriteStar } from "./FavoriteStar";
import { MoveDialog } from "./MoveDialog";
import { ProtectDialog } from "./ProtectDialog";
import { PublishDialog } from "./PublishDialog";
import { SeoDialog } from "./SeoDialog";
import { SitePublishDialog } from "./SitePublishDialog";
import { TabPasswordBanner } from "./TabPasswordBanner";
import { TitleInput } from "./TitleInput";
import { TransferDialog } from "./TransferDialog";
import type { Article } from "./types";
import { useApiAction } from "./useApiAction";

// Lexical and Yjs load with the document screen only once it is in the browser: the server
// renders the stored document, so the page reads at once and the first-page JS stays small.
// `.client`: the editor is not in the server build at all (it never renders there).
const DocumentEditor = lazy(() => import("~/editor/DocumentEditor.client").then((module) => ({ default: module.DocumentEditor })));

type Screen = Extract<SerializeFrom<typeof loadDocumentScreen>, { kind: "document" }>;

interface DocumentScreenProps {
  screen: Screen;
  location: { pathname: string; search: string };
}

/** Where the document's words are on the page: the live editor once it shows, else the stored view. */
const bodyRoot = () => document.querySelector(".doc-body .editor__surface:not([hidden]) .editor__content") ?? document.querySelector(".doc-body .document-view");

/** The document itself: header, title and body, editable for editors and read-only for everyone else. */
export function DocumentScreen({ screen, location }: DocumentScreenProps) {
  const article = screen.article as Article;
  const navigate = useNavigate();
  // The password typed for this document in this tab, for the API calls the page makes.
  const [password, setPassword] = useState<string | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setPassword(storedArticlePassword(article.id));
    setHydrated(true);
  }, [article.id]);
  // One view per visit, sent once the tab's stored password (if any) is known.
  useViewEvent({ workspaceId: article.workspace_id, articleId: hydrated ? article.id : undefined, articlePassword: password });
  useReadProgress({ workspaceId: article.workspace_id, articleId: hydrated ? article.id : undefined, articlePassword: password, body: bodyRoot });

  // Version-control mode: a locked main is edited on branches; `?branch=` shows and edits one.
  const { versionControl, branchMode } = screen;
  const branch = branchMode?.branch ?? null;
  const editable = branchMode
    ? branchMode.editable && !article.archived_at
    : Boolean(article.policies["articles.update"]) && !article.archived_at && !versionControl?.locked;
  const inWorkspace = screen.viewer.role !== "unauthed";
  const dialog = openDialog(location.search);
  const closeTo = withoutParam(location, ...DOC_DIALOGS);
  const href = (name: (typeof DOC_DIALOGS)[number]) => dialogHref(location, name);
  const origin = screen.origin;
  const link = `${origin}/docs/${article.slug}`;
  const [focusBody, setFocusBody] = useState(0);
  const body = (branch?.body ?? article.body) as SerializedDocument;
  const title = branch?.title ?? article.title;

  // A rename changes the slug: keep the address current without reloading the editor.
  const onTitleSaved = (saved: Article) => {
    if (saved.slug !== article.slug) navigate(`/docs/${saved.slug}${location.search}`, { replace: true, preventScrollReset: true });
  };

  return (
    <div className="page doc-page">
      {article.archived_at ? <ArchivedBanner article={article} password={password} /> : null}
      {branchMode ? <BranchBanner slug={article.slug} mode={branchMode} /> : null}
      <RestoredNotice slug={article.slug} location={location} />
      {hydrated && !password && screen.passwordGuarded && screen.viewer.signedIn ? (
        <TabPasswordBanner articleId={article.id} onUnlocked={setPassword} />
      ) : null}
      <DocHeader
        article={article}
        crumbs={screen.crumbs}
        password={password}
        shareHref={article.policies["articles.share"] ? href("share") : null}
        star={inWorkspace && screen.viewer.signedIn ? <FavoriteStar articleId={article.id} initial={screen.favorited} password={password} /> : null}
        menu={<DocMenu article={article} inWorkspace={inWorkspace} password={password} dialogHref={href} />}
      />

      {versionControl && !branchMode ? <BranchEntry slug={article.slug} facts={versionControl} /> : null}
      <div className="doc-columns">
      <article className="doc-body">
        {editable ? (
          <TitleInput
            key={branch?.id ?? "main"}
            articleId={article.id}
            branchId={branch?.id}
            initialTitle={title}
            password={password}
            onSaved={onTitleSaved}
            onDone={() => setFocusBody((n) => n + 1)}
          />
        ) : (
          <h2 className="doc-title doc-title--static">{title || "Untitled"}</h2>
        )}
        <div>
          {hydrated && screen.viewer.signedIn ? (
            <Suspense fallback={<StoredDocument body={body} />}>
              <DocumentEditor
                key={branch ? `branch-${branch.id}` : article.id}
                articleId={article.id}
                branchId={branch?.id}
                document={body}
                editable={editable}
                password={password}
                canRewrite={Boolean(article.policies["ai_revisions.create"]) && article.kind === "document"}
                focusRequest={focusBody}
              />
            </Suspense>
          ) : (
            <StoredDocument body={body} />
          )}
        </div>
      </article>
      {hydrated && screen.viewer.signedIn && inWorkspace && article.kind === "document" ? (
        <CommentsPanel
          articleId={article.id}
          workspaceId={article.workspace_id}
          password={password}
          // Threads anchor in main's words: on a branch, reviewers suggest (tracked changes) and read main's threads.
          canComment={Boolean(article.policies["articles.comment"]) && !article.archived_at && !branchMode}
          initialThreadId={Number(new URLSearchParams(location.search).get("comment")) || null}
          bodyRoot={bodyRoot}
        />
      ) : null}
      </div>

      {article.policies["articles.share"] ? (
        <ShareDialog
          open={dialog === "share"}
          closeTo={closeTo}
          article={article}
          link={link}
          level={article.access_level}
          password={password}
        />
      ) : null}
      <SeoDialog open={dialog === "seo"} closeTo={closeTo} article={article} password={password} />
      {article.policies["articles.update"] ? (
        <MoveDialog
          open={dialog === "move"}
          closeTo={closeTo}
          article={article}
          password={password}
          allowTopLevel={screen.viewer.role !== "guest"}
        />
      ) : null}
      {article.policies["articles.publish"] ? (
        <PublishDialog open={dialog === "publish"} closeTo={closeTo} article={article} password={password} origin={origin} />
      ) : null}
      {article.policies["site_posts.publish"] && inWorkspace ? (
        <SitePublishDialog open={dialog === "website"} closeTo={closeTo} article={article} password={password} />
      ) : null}
      {article.policies["articles.protect"] ? <ProtectDialog open={dialog === "password"} closeTo={closeTo} article={article} /> : null}
      {article.policies["articles.transfer"] ? (
        <TransferDialog open={dialog === "transfer"} closeTo={closeTo} article={article} password={password} />
      ) : null}
      {article.policies["articles.archive"] ? (
        <ArchiveDialog open={dialog === "archive"} closeTo={closeTo} article={article} password={password} />
      ) : null}
    </div>
  );
}

/** An archived document opens read-only, with the way back for those who may restore it. */
function ArchivedBanner({ article, password }: { article: Article; password: string | null }) {
  const { busy, error, run } = useApiAction();
  const revalidator = useRevalidator();
  const restore = async () => {
    const done = await run(() => api.put(`/articles/${article.id}/restore`, undefined, { articlePassword: password }));
    if (done) revalidator.revalidate();
  };
  return (
    <div className="doc-banner" role="status">
      <ArchiveIcon width={18} height={18} aria-hidden="true" />
      <span>This document is archived: it is hidden from lists and search, and can&apos;t be edited.</span>
      {article.policies["articles.archive"] ? (
        <button type="button" className="button button--small" disabled={busy} onClick={restore}>
          {busy ? "Restoring…" : "Restore"}
        </button>
      ) : null}
      <Link to={`/workspaces/${article.workspace_id}/archive`} className="doc-banner__link">
        Open the archive
      </Link>
      <FormAlert message={error} />
    </div>
  );
}

/** The stored document as the server rendered it: for readers without a session, and while the editor loads. */
function StoredDocument({ body }: { body: SerializedDocument }) {
  return documentToPlainText(body).trim() ? <DocumentView document={body} /> : <p className="doc-empty">Nothing has been written here yet.</p>;
}
