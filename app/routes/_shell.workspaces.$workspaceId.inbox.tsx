import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useEffect } from "react";
import { Form, Link, useFetcher, useLoaderData, useRevalidator, useSearchParams } from "@remix-run/react";
import {
  inboxEmailModes,
  inboxFilters,
  inboxItemTypes,
  inboxTypeLabels,
  listInboxQuery,
  type InboxEmailMode,
  type InboxItemType,
} from "../../core/contracts/inbox";
import { inboxLead } from "../../core/inbox-text";
import { authorize } from "../../worker/policies";
import { presentInboxGroups } from "../../worker/presenters/inbox";
import { viewerFor } from "../../worker/services/access";
import { emailSettingsOf, inboxCounts, listInbox } from "../../worker/services/inbox";
import { groupTitle, InboxItemRow, type InboxItemJson } from "~/components/inbox/InboxItemRow";
import { InboxTypeSelect } from "~/components/inbox/InboxTypeSelect";
import { InboxIcon } from "~/components/ui/icons";
import { PageError } from "~/components/ui/PageError";
import { announceInboxChange, useInboxLive } from "~/lib/inbox-live";
import { requireWorkspaceActor, workspaceActionContext } from "~/lib/workspace.server";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "Inbox" };
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Inbox · ${data.workspaceName} · Brandwork` : "Inbox · Brandwork" },
];

const FILTER_LABELS = { all: "Inbox", unread: "Unread", archived: "Archived" } as const;
const MODE_LABELS: Record<InboxEmailMode, string> = { off: "No email", immediately: "Email at once", daily: "Daily digest" };

/** The person's items in this workspace (`?filter=`, `?types=`), their counts and their email choices. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { db, actor, workspace } = await requireWorkspaceActor(request, context, params.workspaceId);
  authorize(actor, "inbox.read");
  const url = new URL(request.url);
  const parsed = listInboxQuery.safeParse(Object.fromEntries(url.searchParams));
  // A hand-edited address falls back to the whole inbox rather than an error page.
  const query = parsed.success ? parsed.data : listInboxQuery.parse({});
  const me = { userId: actor.userId, workspaceId: actor.workspaceId };
  const [{ entries, accessOf }, counts, email] = await Promise.all([
    listInbox(db, { ...viewerFor(actor), userId: actor.userId }, query),
    inboxCounts(db, me),
    emailSettingsOf(db, actor.userId),
  ]);
  return {
    workspaceId: workspace.id,
    workspaceName: workspace.name,
    filter: query.filter,
    types: query.types ?? [],
    groups: presentInboxGroups(entries, accessOf),
    counts,
    email,
  };
}

/** Read/unread, archive/restore, read all, and the email settings: each through its API route. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { workspace, call } = await workspaceActionContext(request, context, params.workspaceId);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const base = `/w/${workspace.id}/inbox`;
  let result;
  if (intent === "update") {
    const change: { read?: boolean; archived?: boolean } = {};
    if (form.has("read")) change.read = form.get("read") === "true";
    if (form.has("archived")) change.archived = form.get("archived") === "true";
    result = await call("PUT", `${base}/${String(form.get("id"))}`, change);
  } else if (intent === "confirm_read") {
    result = await call("POST", `/articles/${Number(form.get("article_id"))}/read_receipt`, {});
  } else if (intent === "read_all" || intent === "archive_all") {
    result = await call("POST", `${base}/${intent}`, {});
  } else if (intent === "settings") {
    const email = Object.fromEntries(inboxItemTypes.flatMap((type) => (form.has(`email.${type}`) ? [[type, form.get(`email.${type}`)]] : [])));
    result = await call("PUT", "/inbox/settings", { email });
  } else {
    return data({ ok: false, message: "Unknown action" }, { status: 400 });
  }
  if (!result.ok) return data({ ok: false, message: result.problem.message }, { status: result.status });
  return { ok: true, message: intent === "settings" ? "Email settings saved" : null };
}

export default function Inbox() {
  const { workspaceId, filter, types, groups, counts, email } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const revalidator = useRevalidator();
  const fetcher = useFetcher<typeof action>();
  const settings = useFetcher<typeof action>();

  // New items arrive through the hub; changes from the panel or another tab too.
  useInboxLive(workspaceId, () => {
    if (revalidator.state === "idle") revalidator.revalidate();
  });

  const change = (item: InboxItemJson, body: { read?: boolean; archived?: boolean }) => {
    const form = new FormData();
    form.set("intent", "update");
    form.set("id", String(item.id));
    for (const [key, value] of Object.entries(body)) form.set(key, String(value));
    fetcher.submit(form, { method: "post" });
  };
  const confirmRead = (item: InboxItemJson) => {
    const form = new FormData();
    form.set("intent", "confirm_read");
    form.set("article_id", String(item.article!.id));
    fetcher.submit(form, { method: "post" });
  };
  // After a change lands, the rail's count follows (the page itself revalidates after its action).
  const changed = fetcher.data;
  useEffect(() => {
    if (changed?.ok) announceInboxChange(workspaceId);
  }, [changed, workspaceId]);

  const withParams = (next: Record<string, string | null>) => {
    const copy = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === null) copy.delete(key);
      else copy.set(key, value);
    }
    const query = copy.toString();
    return query ? `?${query}` : "";
  };

  return (
    <div className="inbox-page">
      <header className="inbox-page__header">
        <p className="inbox-page__lead">
          {inboxLead({ unread: counts.unread, waiting: counts.activeTasksCount, unconfirmedReceipts: counts.read_receipts.my_requests })}
        </p>
        <nav className="inbox-page__filters" aria-label="Inbox views">
          {inboxFilters.map((name) => (
            <Link key={name} to={withParams({ filter: name === "all" ? null : name })} aria-current={filter === name ? "page" : undefined} className="inbox-tab">
              {FILTER_LABELS[name]}
              {name === "unread" && counts.unread > 0 ? <span className="inbox-tab__count">{counts.unread}</span> : null}
            </Link>
          ))}
        </nav>
        <Form method="get" className="inbox-page__types">
          {filter !== "all" && <input type="hidden" name="filter" value={filter} />}
          <InboxTypeSelect
            name="types"
            defaultValue={types[0] ?? ""}
            unreadByType={counts.unread_by_type}
            onChange={(event) => event.currentTarget.form?.requestSubmit()}
          />
          <noscript>
            <button type="submit" className="button button--sm">
              Filter
            </button>
          </noscript>
        </Form>
        <Form method="post" className="inbox-page__bulk">
          <button type="submit" name="intent" value="read_all" className="button button--sm" disabled={counts.unread === 0}>
            Mark all read
          </button>
          {filter !== "archived" && (
            <button type="submit" name="intent" value="archive_all" className="button button--sm" disabled={groups.length === 0}>
              Archive all
            </button>
          )}
        </Form>
      </header>

      {groups.length === 0 ? (
        <div className="inbox-empty">
          <InboxIcon width={32} height={32} aria-hidden="true" />
          <h2>{filter === "archived" ? "Nothing archived" : filter === "unread" ? "No unread items" : "Your inbox is empty"}</h2>
          <p>Reviews, comments, shares, access requests and group news for you land here as they happen.</p>
        </div>
      ) : (
        <div className="inbox-groups">
          {groups.map((group) => (
            <section key={group.key} className="inbox-group" aria-label={groupTitle(group)}>
              <h2 className="inbox-group__title">
                {group.article?.slug ? <Link to={`/docs/${group.article.slug}`}>{groupTitle(group)}</Link> : groupTitle(group)}
                {group.unread > 0 ? <span className="inbox-tab__count">{group.unread}</span> : null}
              </h2>
              <ul className="inbox-group__items">
                {group.items.map((item) => (
                  <InboxItemRow key={item.id} item={item} onChange={change} onConfirmRead={confirmRead} busy={fetcher.state !== "idle"} />
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}

      <details className="inbox-settings">
        <summary>Email notifications</summary>
        <settings.Form method="post" className="inbox-settings__form">
          <input type="hidden" name="intent" value="settings" />
          <p>Choose, per kind of item, whether you also hear about it by email. You are never emailed about your own actions.</p>
          <div className="inbox-settings__grid">
            {inboxItemTypes.map((type: InboxItemType) => (
              <label key={type}>
                <span>{inboxTypeLabels[type]}</span>
                <select name={`email.${type}`} defaultValue={email[type]}>
                  {inboxEmailModes.map((mode) => (
                    <option key={mode} value={mode}>
                      {MODE_LABELS[mode]}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </div>
          <button type="submit" className="button button--primary" disabled={settings.state !== "idle"}>
            Save email settings
          </button>
          {settings.data?.message && <p role="status">{settings.data.message}</p>}
        </settings.Form>
      </details>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <PageError
      surface="inbox"
      copy={{
        404: { title: "Workspace not found", body: "This workspace does not exist, or you are not in it.", next: { to: "/", label: "Go home" } },
      }}
    />
  );
}
