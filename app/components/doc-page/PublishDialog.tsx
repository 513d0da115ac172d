import { Link, useNavigate, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { CopyButton } from "../ui/CopyButton";
import { Dialog, DialogActions } from "../ui/Dialog";
import { FormAlert, SelectField } from "../ui/Field";
import { GlobeIcon } from "../ui/icons";
import { api } from "~/lib/api";
import type { Article } from "./types";
import { useApiAction } from "./useApiAction";

interface PublishDialogProps {
  open: boolean;
  closeTo: string;
  article: Pick<Article, "id" | "title" | "is_public" | "public_path" | "category_id">;
  password: string | null;
  origin: string;
}

interface Category {
  id: number;
  name: string;
}

/**
 * "Publish to web" (PUT make_public, with an optional category of the public directory) and,
 * once public, the public link to copy and "Make private" (PUT make_private).
 */
export function PublishDialog({ open, closeTo, article, password, origin }: PublishDialogProps) {
  return (
    <Dialog
      open={open}
      closeTo={closeTo}
      title={article.is_public ? "Published to the web" : "Publish to the web"}
      description={
        article.is_public
          ? "Anyone with the public link can read this document, without signing in. Edits show up there too."
          : "Anyone with the public link will be able to read it, without signing in. Your edits keep showing up there."
      }
    >
      {open ? <PublishForm closeTo={closeTo} article={article} password={password} origin={origin} /> : null}
    </Dialog>
  );
}

function PublishForm({ closeTo, article, password, origin }: Omit<PublishDialogProps, "open">) {
  const [categories, setCategories] = useState<Category[]>([]);
  const [categoryId, setCategoryId] = useState<string>(article.category_id ? String(article.category_id) : "");
  const { busy, error, run } = useApiAction();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const options = { articlePassword: password };

  useEffect(() => {
    if (article.is_public) return;
    // The directory's categories are optional: without them the page is still published.
    api
      .get<{ data: Category[] }>("/categories")
      .then((answer) => setCategories(answer.data))
      .catch(() => setCategories([]));
  }, [article.is_public]);

  const publish = async () => {
    const done = await run(() =>
      api.put(`/articles/${article.id}/make_public`, { category_id: categoryId ? Number(categoryId) : null }, options),
    );
    // Stay in the dialog: once the page's data is read again it shows the public link.
    if (done) revalidator.revalidate();
  };

  const unpublish = async () => {
    const done = await run(() => api.put(`/articles/${article.id}/make_private`, undefined, options));
    if (done) navigate(closeTo, { replace: true, preventScrollReset: true });
  };

  if (article.is_public && article.public_path) {
    const url = `${origin}${article.public_path}`;
    return (
      <div className="dialog__form">
        <div className="publish-link">
          <GlobeIcon width={18} height={18} aria-hidden="true" />
          <label className="visually-hidden" htmlFor="public-link">
            Public link
          </label>
          <input id="public-link" className="input input--compact" readOnly value={url} onFocus={(event) => event.target.select()} />
          <CopyButton value={url} label="Copy" />
        </div>
        <FormAlert message={error} />
        <div className="dialog__actions">
          <button type="button" className="button button--destructive-outline dialog__start" disabled={busy} aria-busy={busy || undefined} onClick={unpublish}>
            {busy ? "Making private…" : "Make private"}
          </button>
          <a className="button" href={article.public_path} target="_blank" rel="noreferrer">
            Open public page
          </a>
          <Link to={closeTo} replace preventScrollReset className="button button--primary">
            Done
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="dialog__form">
      {categories.length ? (
        <SelectField label="Category" hint="Where it is listed in the public directory (optional)." value={categoryId} onChange={(event) => setCategoryId(event.target.value)}>
          <option value="">No category</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      <FormAlert message={error} />
      <DialogActions closeTo={closeTo} label="Publish" busyLabel="Publishing…" busy={busy} onClick={publish} autoFocus="confirm" />
    </div>
  );
}
