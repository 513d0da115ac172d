import { $isListItemNode, ListItemNode } from "@lexical/list";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { $findMatchingParent } from "@lexical/utils";
import { $getNodeByKey, $getSelection, $isRangeSelection, COMMAND_PRIORITY_NORMAL, KEY_DOWN_COMMAND, mergeRegister, type NodeKey } from "lexical";
import { useCallback, useEffect, useRef, useState, type CSSProperties } from "react";
import { createPortal } from "react-dom";
import { $getTodoId, $setTodoId } from "../../../core/editor/checkList";
import { $isCheckListItem, $todoItemsAmong } from "../../../core/editor/todos";
import type { TodoJson } from "../../../worker/presenters/todos";
import { dueLabel, initialsOf, isOverdue } from "~/components/todos/todoLabels";
import { isApple, matchesShortcut, shortcutText, type Shortcut } from "../shortcuts";
import { useDocumentTodos } from "../useDocumentTodos";
import { TodoPopover } from "./TodoPopover";

/** Opens "Make a todo" (or the todo) for the check-list item the caret is in. */
export const MAKE_TODO_SHORTCUT: Shortcut = { id: "makeTodo", label: "Make a todo", keys: "Mod+Alt+Shift+T" };

/** A check-list item as the overlay places things beside it, in the editor surface's coordinates. */
interface PlacedItem {
  key: NodeKey;
  todoId: string | null;
  checked: boolean;
  text: string;
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const POPOVER_WIDTH = 320;

/** What a screen reader hears about a todo item, and what hovering it says. */
const describe = (todo: TodoJson) =>
  `Todo for ${todo.assignee?.name ?? "nobody"}${todo.due_on ? `, due ${dueLabel(todo.due_on)}` : ""}${isOverdue(todo) ? " (overdue)" : ""}`;

/**
 * Check-list items as todos in the editor. An item that is a todo shows its assignee's
 * initials and its day beside it (and says so to screen readers); editors get "Make a todo"
 * beside the item the caret is in (or Mod+Alt+Shift+T), which asks who and by when, makes the
 * todo through the API and puts its id in the item's node state, so the room and the Worker
 * keep the two in step from then on. Everything is drawn over the surface (`anchor`), never
 * inside the editable DOM.
 */
export function TodosPlugin({ articleId, password, canEdit, anchor, meId }: { articleId: number; password: string | null; canEdit: boolean; anchor: HTMLElement; meId: number }) {
  const [editor] = useLexicalComposerContext();
  const todos = useDocumentTodos(articleId, password);
  const [items, setItems] = useState<PlacedItem[]>([]);
  const [caret, setCaret] = useState<PlacedItem | null>(null);
  const [open, setOpen] = useState<PlacedItem | null>(null);
  const caretRef = useRef<PlacedItem | null>(null);
  caretRef.current = caret;
  const described = useRef(new Set<HTMLElement>());
  const listItems = useRef(new Set<NodeKey>());
  const { todos: known, seen } = todos;

  const measure = useCallback(() => {
    const origin = anchor.getBoundingClientRect();
    const place = (key: NodeKey, todoId: string | null, checked: boolean, text: string): PlacedItem | null => {
      const rect = editor.getElementByKey(key)?.getBoundingClientRect();
      if (!rect) return null;
      return { key, todoId, checked, text, top: rect.top - origin.top, bottom: rect.bottom - origin.top, left: rect.left - origin.left, right: rect.right - origin.left };
    };
    const found = editor.getEditorState().read(() => {
      const list = $todoItemsAmong(listItems.current).map(({ todoId, node }) => ({ key: node.getKey(), todoId, checked: node.getChecked() ?? false, text: node.getTextContent() }));
      const selection = $getSelection();
      const item = $isRangeSelection(selection) ? $findMatchingParent(selection.anchor.getNode(), $isListItemNode) : null;
      const here = item && $isListItemNode(item) && $isCheckListItem(item) ? { key: item.getKey(), todoId: $getTodoId(item), checked: item.getChecked() ?? false, text: item.getTextContent() } : null;
      return { list, here };
    });
    seen(found.list.map((entry) => entry.todoId));
    setItems(found.list.flatMap((entry) => place(entry.key, entry.todoId, entry.checked, entry.text) ?? []));
    setCaret(found.here ? place(found.here.key, found.here.todoId, found.here.checked, found.here.text) : null);
  }, [anchor, editor, seen]);

  useEffect(() => {
    measure();
    const resize = new ResizeObserver(() => measure());
    resize.observe(anchor);
    return mergeRegister(
      // Which list items exist is followed as they come and go, so a keystroke never walks the whole document.
      editor.registerMutationListener(
        ListItemNode,
        (mutations) => {
          for (const [key, mutation] of mutations) {
            if (mutation === "destroyed") listItems.current.delete(key);
            else listItems.current.add(key);
          }
          measure();
        },
        { skipInitialization: false },
      ),
      editor.registerUpdateListener(() => measure()),
      editor.registerCommand(
        KEY_DOWN_COMMAND,
        (event) => {
          if (!matchesShortcut(event, MAKE_TODO_SHORTCUT.keys) || !caretRef.current) return false;
          event.preventDefault();
          setOpen(caretRef.current);
          return true;
        },
        COMMAND_PRIORITY_NORMAL,
      ),
      () => resize.disconnect(),
    );
  }, [anchor, editor, measure]);

  // Todo items say whose they are and by when, to screen readers (aria-description) and on hover.
  useEffect(() => {
    const now = new Set<HTMLElement>();
    for (const item of items) {
      const todo = item.todoId ? known.get(item.todoId) : undefined;
      const element = editor.getElementByKey(item.key);
      if (!todo || !element) continue;
      const words = describe(todo);
      if (element.getAttribute("aria-description") !== words) element.setAttribute("aria-description", words);
      if (element.dataset.todo !== "true") element.dataset.todo = "true";
      now.add(element);
    }
    for (const element of described.current) {
      if (now.has(element)) continue;
      element.removeAttribute("aria-description");
      delete element.dataset.todo;
    }
    described.current = now;
  }, [items, known, editor]);

  // A click anywhere else closes the popover, as Escape does.
  const popover = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const away = (event: PointerEvent) => {
      if (!popover.current?.contains(event.target as Node)) setOpen(null);
    };
    document.addEventListener("pointerdown", away, true);
    return () => document.removeEventListener("pointerdown", away, true);
  }, [open]);

  const close = () => {
    setOpen(null);
    editor.focus();
  };
  const setItemTodoId = (key: NodeKey, todoId: string | null) =>
    editor.update(() => {
      const node = $getNodeByKey(key);
      if ($isListItemNode(node)) $setTodoId(node, todoId);
    });

  const openTodo = open?.todoId ? known.get(open.todoId) ?? null : null;
  const popoverStyle: CSSProperties | undefined = open
    ? { top: open.bottom + 4, left: Math.max(0, Math.min(open.left + 24, anchor.clientWidth - POPOVER_WIDTH)), width: Math.min(POPOVER_WIDTH, anchor.clientWidth) }
    : undefined;
  const caretTodo = caret?.todoId ? known.get(caret.todoId) : undefined;

  return createPortal(
    <>
      {items.map((item) => {
        const todo = item.todoId ? known.get(item.todoId) : undefined;
        if (!todo) return null;
        const chip = (
          <>
            <span className="todo-avatar" aria-hidden="true">
              {todo.assignee ? initialsOf(todo.assignee.name) : "?"}
            </span>
            {todo.due_on ? <span className="todo-chip__due">{dueLabel(todo.due_on)}</span> : null}
          </>
        );
        const style = { top: item.top, left: item.right };
        const overdue = isOverdue({ due_on: todo.due_on, done: item.checked }) || undefined;
        // The item itself tells screen readers; the chip is a shortcut for pointers.
        return canEdit ? (
          <button
            key={item.key}
            type="button"
            className="todo-chip"
            style={style}
            data-overdue={overdue}
            title={`${describe(todo)}. Change it`}
            aria-label={`${describe(todo)}: change it`}
            tabIndex={-1}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => setOpen(item)}
          >
            {chip}
          </button>
        ) : (
          <span key={item.key} className="todo-chip" style={style} data-overdue={overdue} title={describe(todo)} aria-hidden="true">
            {chip}
          </span>
        );
      })}
      {canEdit && caret && !caretTodo && !open ? (
        <button
          type="button"
          className="todo-make"
          style={{ top: caret.top, left: caret.right }}
          title={`Make a todo (${shortcutText(MAKE_TODO_SHORTCUT.keys)})`}
          aria-keyshortcuts={MAKE_TODO_SHORTCUT.keys.replace("Mod", isApple() ? "Meta" : "Control")}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => setOpen(caret)}
        >
          Make a todo
        </button>
      ) : null}
      {open && popoverStyle ? (
        <div ref={popover}>
          <TodoPopover
            key={open.key}
            todo={openTodo}
            itemText={open.text}
            meId={meId}
            style={popoverStyle}
            loadAssignees={todos.assignees}
            onClose={close}
            onSave={async ({ assigneeId, dueOn }) => {
              if (openTodo) {
                const change = {
                  ...(assigneeId !== openTodo.assignee?.id ? { assignee_id: assigneeId } : {}),
                  ...(dueOn !== openTodo.due_on ? { due_on: dueOn } : {}),
                };
                if (Object.keys(change).length > 0) await todos.update(openTodo, change);
                return;
              }
              const todoId = crypto.randomUUID();
              await todos.create({ todo_id: todoId, text: open.text.trim() || "Untitled todo", assignee_id: assigneeId, due_on: dueOn, done: open.checked });
              setItemTodoId(open.key, todoId);
            }}
            onDelete={
              openTodo?.policies["todos.delete"]
                ? async () => {
                    await todos.remove(openTodo);
                    setItemTodoId(open.key, null);
                  }
                : undefined
            }
          />
        </div>
      ) : null}
    </>,
    anchor,
  );
}
