import { Form, Link } from "@remix-run/react";
import type { TodoJson } from "../../../worker/presenters/todos";
import { dueLabel, initialsOf, isOverdue } from "./todoLabels";

/** Ticks a todo off (true) or back on (false). */
export type TodoAction = (todo: TodoJson, done: boolean) => void;

const dayFormat = new Intl.DateTimeFormat("en", { month: "short", day: "numeric", timeZone: "UTC" });

/**
 * One todo on the todos page: its check box (which ticks its item in the document too), its
 * words linking to the document, whose it is and by when. The box is a form field, so
 * without JavaScript it saves with the button beside it. `pendingDone`: the state it is
 * being saved to, shown at once.
 */
export function TodoRow({ todo, onTick, pendingDone }: { todo: TodoJson; onTick: TodoAction; pendingDone: boolean | null }) {
  const done = pendingDone ?? todo.done;
  const canTick = Boolean(todo.policies["todos.complete"]) && !todo.locked;
  const textId = `todo-${todo.id}-text`;
  const overdue = isOverdue({ due_on: todo.due_on, done });
  const docPath = `/docs/${todo.article.slug}`;
  return (
    <li className="todo-row" data-done={done} aria-busy={pendingDone !== null}>
      <Form method="post" className="todo-row__check">
        <input type="hidden" name="intent" value="done" />
        <input type="hidden" name="id" value={todo.id} />
        <input type="hidden" name="text" value={todo.text ?? ""} />
        <input
          type="checkbox"
          name="done"
          value="true"
          className="todo-row__box"
          checked={done}
          disabled={!canTick}
          aria-labelledby={textId}
          aria-describedby={todo.locked ? `${textId}-locked` : undefined}
          onChange={(event) => onTick(todo, event.currentTarget.checked)}
        />
        <noscript>
          <button type="submit" className="button button--sm">
            Save
          </button>
        </noscript>
      </Form>
      <div className="todo-row__main">
        {todo.locked ? (
          <>
            <Link to={docPath} id={textId} className="todo-row__text todo-row__text--locked">
              A todo in a password-protected document
            </Link>
            <span id={`${textId}-locked`} className="todo-row__hint">
              Open the document and give its password to read and tick it.
            </span>
          </>
        ) : (
          <Link to={docPath} id={textId} className="todo-row__text">
            {todo.text || "An empty check-list item"}
          </Link>
        )}
        <span className="todo-row__meta">
          In <Link to={docPath}>{todo.article.title || "Untitled"}</Link>
          {todo.assignee ? ` · for ${todo.assignee.name}` : " · for nobody (its assignee left)"}
          {todo.creator && todo.creator.id !== todo.assignee?.id ? ` · from ${todo.creator.name}` : ""}
          {done && todo.done_at ? ` · done ${dayFormat.format(new Date(todo.done_at))}${todo.done_by ? ` by ${todo.done_by.name}` : ""}` : ""}
        </span>
      </div>
      <div className="todo-row__side">
        {todo.due_on ? (
          <span className="todo-due" data-overdue={overdue || undefined}>
            <span className="visually-hidden">{overdue ? "Overdue, was due" : "Due"} </span>
            <time dateTime={todo.due_on}>{dueLabel(todo.due_on)}</time>
          </span>
        ) : null}
        {todo.assignee ? (
          <span className="todo-avatar" title={todo.assignee.name} aria-hidden="true">
            {initialsOf(todo.assignee.name)}
          </span>
        ) : null}
      </div>
    </li>
  );
}
