import { Link, useFetcher, useLocation } from "@remix-run/react";
import { TemplateIcon, TrashIcon } from "../ui/icons";
import type { TemplateActionResult, TemplateBinderJson } from "./types";

type Binder = TemplateBinderJson & { templates?: { id: number; title: string; slug: string }[] };

/** One row's buttons: move up, move down, remove (a keyboard-friendly way to order a binder). */
function RowActions({ binderId, templateId, index, count, title }: { binderId: number; templateId: number; index: number; count: number; title: string }) {
  const fetcher = useFetcher<TemplateActionResult>();
  const busy = fetcher.state !== "idle";
  const button = (intent: string, label: string, insertAt?: number, extra?: string) => (
    <fetcher.Form method="post" className="binder-row__action">
      <input type="hidden" name="binder_id" value={binderId} />
      <input type="hidden" name="template_id" value={templateId} />
      {insertAt !== undefined ? <input type="hidden" name="insert_at" value={insertAt} /> : null}
      <button type="submit" name="intent" value={intent} className={`button button--small ${extra ?? ""}`} disabled={busy} aria-label={`${label}: ${title}`}>
        {label}
      </button>
    </fetcher.Form>
  );
  return (
    <span className="binder-row__actions">
      {index > 0 ? button("move", "Up", index - 1) : null}
      {index < count - 1 ? button("move", "Down", index + 1) : null}
      {button("remove", "Remove", undefined, "button--destructive-outline")}
    </span>
  );
}

/** A binder: its templates in order, with ways to add, reorder and remove them. */
export function BinderPanel({ binder, workspaceId, templates }: { binder: Binder; workspaceId: number; templates: { id: number; title: string }[] }) {
  const location = useLocation();
  const adder = useFetcher<TemplateActionResult>();
  const inBinder = new Set((binder.templates ?? []).map((template) => template.id));
  const addable = templates.filter((template) => !inBinder.has(template.id));
  const list = binder.templates ?? [];
  const linkWith = (name: string) => {
    const query = new URLSearchParams(location.search);
    query.set(name, String(binder.id));
    return `?${query}`;
  };
  const addFailed = adder.state === "idle" && adder.data && !adder.data.ok ? adder.data.message : null;

  return (
    <section className="binder" aria-labelledby={`binder-${binder.id}-title`}>
      <header className="binder__header">
        <div className="binder__heading">
          <h2 id={`binder-${binder.id}-title`} className="binder__title">
            {binder.name}
          </h2>
          {binder.description ? <p className="binder__description">{binder.description}</p> : null}
        </div>
        <div className="binder__tools">
          <Link to={linkWith("rename")} replace preventScrollReset className="button button--small" aria-label={`Edit ${binder.name}`}>
            Edit
          </Link>
          <Link to={linkWith("delete")} replace preventScrollReset className="icon-button" aria-label={`Delete ${binder.name}`}>
            <TrashIcon aria-hidden="true" />
          </Link>
        </div>
      </header>
      {list.length ? (
        <ol className="binder__list">
          {list.map((template, index) => (
            <li key={template.id} className="binder-row">
              <TemplateIcon className="binder-row__icon" aria-hidden="true" />
              <Link to={`/workspaces/${workspaceId}/templates/${template.id}`} className="binder-row__title">
                {template.title || "Untitled template"}
              </Link>
              <RowActions binderId={binder.id} templateId={template.id} index={index} count={list.length} title={template.title} />
            </li>
          ))}
        </ol>
      ) : (
        <p className="binder__empty">No templates in this binder yet. Add one below.</p>
      )}
      {addable.length ? (
        <adder.Form method="post" className="binder__add">
          <input type="hidden" name="binder_id" value={binder.id} />
          <label className="visually-hidden" htmlFor={`binder-${binder.id}-add`}>
            Template to add to {binder.name}
          </label>
          <select id={`binder-${binder.id}-add`} name="template_id" className="input input--select input--compact" required defaultValue="">
            <option value="" disabled>
              Choose a template…
            </option>
            {addable.map((template) => (
              <option key={template.id} value={template.id}>
                {template.title}
              </option>
            ))}
          </select>
          <button type="submit" name="intent" value="add" className="button button--small" disabled={adder.state !== "idle"}>
            {adder.state !== "idle" ? "Adding…" : "Add"}
          </button>
        </adder.Form>
      ) : templates.length === 0 ? (
        <p className="binder__hint">
          Binders hold your workspace's own templates. <Link to={`/workspaces/${workspaceId}/templates?new`}>Create a template</Link> first.
        </p>
      ) : null}
      {addFailed ? (
        <p className="form-alert form-alert--error" role="alert">
          {addFailed}
        </p>
      ) : null}
    </section>
  );
}
