import { Form, Link, useNavigation } from "@remix-run/react";
import { FolderIcon, PlusIcon } from "../ui/icons";
import type { FolderPageData } from "./types";

/**
 * What a view shows with nothing in it: what to do next, with the buttons to do it (or,
 * for someone who can't add here, who can).
 */
export function EmptyFolder({ page, hint, title = "This folder is empty — create a document or a subfolder" }: { page: FolderPageData; hint?: string; title?: string }) {
  return (
    <section className="folder-empty" aria-labelledby="folder-empty-title">
      <span className="folder-empty__icon" aria-hidden="true">
        <FolderIcon width={32} height={32} />
      </span>
      <h3 id="folder-empty-title">{title}</h3>
      {hint ? <p>{hint}</p> : null}
      {page.canCreate ? (
        <div className="folder-empty__actions">
          <NewDocumentButton page={page} />
          <Link to={`?new_folder=${page.folder.id}`} replace preventScrollReset className="button">
            <FolderIcon aria-hidden="true" />
            New folder
          </Link>
        </div>
      ) : (
        <p>You can read this folder but not add to it. Ask its owner for edit access to add documents.</p>
      )}
    </section>
  );
}

/** Creates an untitled document in the folder and opens it (works without JavaScript). */
export function NewDocumentButton({ page, primary = true }: { page: FolderPageData; primary?: boolean }) {
  const navigation = useNavigation();
  const creating = navigation.state !== "idle" && navigation.formData?.get("intent") === "new_document";
  return (
    <Form method="post" action={page.path} className="inline">
      <input type="hidden" name="intent" value="new_document" />
      <button type="submit" className={primary ? "button button--primary" : "button"} disabled={creating} aria-busy={creating || undefined}>
        <PlusIcon aria-hidden="true" />
        {creating ? "Creating…" : "New document"}
      </button>
    </Form>
  );
}
