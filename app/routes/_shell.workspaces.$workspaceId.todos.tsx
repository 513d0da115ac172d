import { count, formatNumber, nounFor } from "../../core/counting";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useFetcher, useLoaderData, useLocation, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { listTodosQuery, todoFilters, type TodoFilter } from "../../core/contracts/todos";
import { authorize } from "../../worker/policies";
import { presentTodo } from "../../worker/presenters/todos";
import { viewerFor } from "../../worker/services/access";
import { listTodos } from "../../worker/services/todos";
import { TodoRow, type TodoAction } from "~/components/todos/TodoRow";
import { FormAlert } from "~/components/ui/Field";
import { CheckIcon } from "~/components/ui/icons";
import { PageError } from "~/components/ui/PageError";
import { Pager } from "~/components/ui/Pager";
import { useInboxLive } from "~/lib/inbox-live";
import { requireWorkspaceActor, workspaceActionContext } from "~/lib/workspace.server";
import todoStyles from "~/styles/todos.css?url";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "Todos" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: todoStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Todos · ${data.workspaceName} · Brandwork` : "Todos · Brandwork" },
];

const TAB_LABELS: Record<TodoFilter, string> = { mine: "Mine", assigned_by_me: "Assigned by me", all: "All", done: "Done" };

const EMPTY: Record<TodoFilter, { title: string; body: string }> = {
  mine: { title: "Nothing is waiting on you", body: "When someone gives you a todo in a document, it shows here with its day." },
  assigned_by_me: { title: "You haven't given anyone a todo", body: "Todos you give others show here until they tick them off." },
  all: { title: "No open todos", body: "Open todos on every document you can open show here." },
  done: { title: "Nothing done yet", body: "Todos ticked off here or in their document land here, latest first." },
};

/** One tab of the workspace's todos (`?filter=`, `?page=`), with every tab's count. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { db, actor, workspace } = await requireWorkspaceActor(request, context, params.workspaceId);
  authorize(actor, "content.list");
  const parsed = listTodosQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  // A hand-edited address falls back to the first tab rather than an error page.
  const query = parsed.success ? parsed.data : listTodosQuery.parse({});
  const { entries, people, total, counts } = await listTodos(db, { ...viewerFor(actor), userId: actor.userId }, query);
  return {
    workspaceId: workspace.id,
    workspaceName: workspace.name,
    filter: query.filter,
    todos: entries.map(({ todo, doc }) => presentTodo(actor, todo, people, { article: doc.article, level: doc.level, locked: doc.locked })),
    counts,
    meta: { page: query.page, per_page: query.per_page, total, has_more: query.page * query.per_page < total },
  };
}

/** Ticks a todo off (or back on) through its API route, which ticks its box in the document too. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { call } = await workspaceActionContext(request, context, params.workspaceId);
  const form = await request.formData();
  const id = Number(form.get("id"));
  const done = form.get("done") === "true";
  const text = String(form.get("text") ?? "");
  if (form.get("intent") !== "done" || !Number.isInteger(id) || id <= 0) return data({ ok: false, message: "Unknown action", id, done, text }, { status: 400 });
  const result = await call("PATCH", `/todos/${id}`, { done });
  if (!result.ok) return data({ ok: false, message: result.problem.message, id, done, text }, { status: result.status });
  return { ok: true, message: null, id, done, text };
}

export default function Todos() {
  const { filter, todos, counts, meta, workspaceId } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const location = useLocation();
  const fetcher = useFetcher<typeof action>();
  const undo = useFetcher<typeof action>();
  // A todo given to this person, or one they gave ticked off, arrives as an inbox push: the list follows.
  const revalidator = useRevalidator();
  useInboxLive(workspaceId, (event) => {
    if (event.type === "inbox.created" && event.item_type !== "Todo") return;
    if (revalidator.state === "idle") revalidator.revalidate();
  });
  // A tab or page of this screen is on its way: the list says it is busy rather than going blank.
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;

  // What was just ticked, said once for screen readers and with a way back for everyone.
  const [last, setLast] = useState<{ id: number; done: boolean; text: string } | null>(null);
  const result = fetcher.data;
  useEffect(() => {
    if (result?.ok) setLast({ id: result.id, done: result.done, text: result.text });
  }, [result]);

  // The box shows its new state from the click on, until the answer (or its failure) is in.
  const [ticked, setTicked] = useState<{ id: number; done: boolean } | null>(null);
  useEffect(() => {
    if (fetcher.state === "idle") setTicked(null);
  }, [fetcher.state]);
  const tick: TodoAction = (todo, done) => {
    setTicked({ id: todo.id, done });
    const form = new FormData();
    form.set("intent", "done");
    form.set("id", String(todo.id));
    form.set("done", String(done));
    form.set("text", todo.text ?? "");
    fetcher.submit(form, { method: "post" });
  };

  const tabHref = (name: TodoFilter) => (name === "mine" ? location.pathname : `${location.pathname}?filter=${name}`);
  const problem = (fetcher.data && !fetcher.data.ok ? fetcher.data.message : null) ?? (undo.data && !undo.data.ok ? undo.data.message : null);

  return (
    <div className="page todos-page">
      <header className="todos-page__header">
        <p className="todos-page__lead">
          {counts.mine === 0 ? "Nothing is waiting on you." : `${count(counts.mine, ["todo is", "todos are"])} waiting on you.`}
          {counts.assigned_by_me > 0 ? ` ${formatNumber(counts.assigned_by_me)} you gave others ${nounFor(counts.assigned_by_me, ["is", "are"])} still open.` : ""}
        </p>
        <nav className="todos-page__tabs" aria-label="Todo lists">
          {todoFilters.map((name) => (
            <Link key={name} to={tabHref(name)} aria-current={filter === name ? "page" : undefined} className="todos-tab" prefetch="intent">
              {TAB_LABELS[name]}
              <span className="todos-tab__count" aria-label={count(counts[name], "todo")}>
                {counts[name]}
              </span>
            </Link>
          ))}
        </nav>
      </header>

      <FormAlert message={problem} />
      <div className="todos-page__status" role="status">
        {loading ? "Loading…" : last ? `${last.text ? `“${last.text}”` : "The todo"} ${last.done ? "is done" : "is open again"}.` : ""}
        {!loading && last ? (
          <undo.Form method="post" className="todos-page__undo">
            <input type="hidden" name="intent" value="done" />
            <input type="hidden" name="id" value={last.id} />
            <input type="hidden" name="done" value={String(!last.done)} />
            <input type="hidden" name="text" value={last.text} />
            <button type="submit" className="link-button" disabled={undo.state !== "idle"} onClick={() => setLast(null)}>
              Undo
            </button>
          </undo.Form>
        ) : null}
      </div>

      {todos.length === 0 ? (
        <div className="todos-empty" aria-busy={loading}>
          <CheckIcon width={32} height={32} aria-hidden="true" />
          <h2>{EMPTY[filter].title}</h2>
          <p>{EMPTY[filter].body}</p>
          <p>
            To make one, open a document, add a check list (type <kbd>[]</kbd> and a space, or choose <q>Check list</q> after <kbd>/</kbd>), then
            choose <q>Make a todo</q> beside an item.
          </p>
          <Link to={`/workspaces/${workspaceId}/all_docs`} className="button">
            Open your documents
          </Link>
        </div>
      ) : (
        <ul className="todos-list" aria-label={`${TAB_LABELS[filter]} todos`} aria-busy={loading}>
          {todos.map((todo) => (
            <TodoRow key={todo.id} todo={todo} onTick={tick} pendingDone={ticked?.id === todo.id ? ticked.done : null} />
          ))}
        </ul>
      )}
      <Pager meta={meta} label="Todo pages" />
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <PageError
      surface="todos"
      copy={{
        404: { title: "Workspace not found", body: "This workspace does not exist, or you are not in it.", next: { to: "/", label: "Go home" } },
        403: { title: "You can't see these todos", body: "Ask an admin of this workspace to let you in.", next: { to: "/", label: "Go home" } },
      }}
    />
  );
}
