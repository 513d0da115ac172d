import { useEffect, useId, useRef, useState, type CSSProperties, type FormEvent, type KeyboardEvent } from "react";
import type { TodoJson } from "../../../worker/presenters/todos";
import { FormAlert } from "~/components/ui/Field";
import { problemOf, type Assignee } from "../useDocumentTodos";

interface TodoPopoverProps {
  /** The todo to change, or null to make one of the item. */
  todo: TodoJson | null;
  /** The item's words, for the heading. */
  itemText: string;
  /** The signed-in person: who a new todo is for until someone else is chosen. */
  meId: number;
  style: CSSProperties;
  loadAssignees: () => Promise<Assignee[]>;
  onSave: (input: { assigneeId: number; dueOn: string | null }) => Promise<void>;
  onDelete?: () => Promise<void>;
  onClose: () => void;
}

const LEVEL_LABELS: Record<string, string> = { read: "can read", comment: "can comment", edit: "can edit", owner: "owner" };

/**
 * The small form beside a check-list item: who the todo is for (people who can open the
 * document) and by when. Escape closes it and gives the caret back to the document.
 */
export function TodoPopover({ todo, itemText, meId, style, loadAssignees, onSave, onDelete, onClose }: TodoPopoverProps) {
  const [people, setPeople] = useState<Assignee[] | null>(null);
  const [assigneeId, setAssigneeId] = useState(String(todo?.assignee?.id ?? meId));
  const [dueOn, setDueOn] = useState(todo?.due_on ?? "");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const first = useRef<HTMLSelectElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const canChange = todo === null || Boolean(todo.policies["todos.update"]);

  useEffect(() => {
    let current = true;
    loadAssignees()
      .then((list) => current && setPeople(list))
      .catch((failure: unknown) => {
        if (!current) return;
        setPeople([]);
        setProblem(problemOf(failure));
      });
    return () => {
      current = false;
    };
  }, [loadAssignees]);
  // Opened near the bottom of the screen, the form scrolls into view whole.
  useEffect(() => {
    box.current?.scrollIntoView({ block: "nearest" });
  }, []);
  useEffect(() => {
    first.current?.focus({ preventScroll: true });
  }, [people]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
      onClose();
    } catch (failure) {
      setProblem(problemOf(failure));
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(() => onSave({ assigneeId: Number(assigneeId), dueOn: dueOn || null }));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    event.stopPropagation();
    onClose();
  };

  // The current assignee stays choosable even when they could no longer be given it.
  const options = people && todo?.assignee && !people.some((person) => person.id === todo.assignee!.id) ? [{ id: todo.assignee.id, name: todo.assignee.name, access_level: "" }, ...people] : people;
  return (
    <div ref={box} className="todo-popover" role="dialog" aria-labelledby={headingId} style={style} onKeyDown={onKeyDown}>
      <form onSubmit={submit} className="todo-popover__form">
        <h2 id={headingId} className="todo-popover__title">
          {todo ? "Todo" : "Make a todo"}
          <span className="todo-popover__item">{itemText || "An empty item"}</span>
        </h2>
        <label className="todo-popover__field">
          <span>Assignee</span>
          <select ref={first} className="input" value={assigneeId} onChange={(event) => setAssigneeId(event.currentTarget.value)} disabled={!canChange} required>
            {options ? null : <option value={assigneeId}>Loading people…</option>}
            {options?.map((person) => (
              <option key={person.id} value={person.id}>
                {person.id === meId ? `${person.name} (you)` : person.name}
                {person.access_level ? ` · ${LEVEL_LABELS[person.access_level] ?? person.access_level}` : ""}
              </option>
            ))}
          </select>
        </label>
        <label className="todo-popover__field">
          <span>Due date (optional)</span>
          <input type="date" className="input" value={dueOn} onChange={(event) => setDueOn(event.currentTarget.value)} disabled={!canChange} />
        </label>
        <FormAlert message={problem} />
        <div className="todo-popover__actions">
          {canChange ? (
            <button type="submit" className="button button--primary button--sm" disabled={busy || !options} aria-busy={busy}>
              {todo ? "Save" : "Make todo"}
            </button>
          ) : null}
          {onDelete ? (
            <button type="button" className="button button--sm" disabled={busy} onClick={() => void run(onDelete)}>
              Delete todo
            </button>
          ) : null}
          <button type="button" className="button button--sm" onClick={onClose}>
            {canChange ? "Cancel" : "Close"}
          </button>
        </div>
      </form>
    </div>
  );
}
