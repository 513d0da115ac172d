import { useCallback, useEffect, useRef, useState } from "react";
import type { TodoJson } from "../../worker/presenters/todos";
import { api, ApiError } from "~/lib/api";

export interface Assignee {
  id: number;
  name: string;
  access_level: string;
}

/** What went wrong, as a sentence to show. */
export const problemOf = (failure: unknown) => (failure instanceof ApiError ? failure.problem.message : "That did not work. Try again.");

/**
 * A document's todos for its editor, by todo id (the id its check-list item holds), and the
 * calls that change them. `seen` reports the todo ids now in the document: one the list does
 * not know yet (made by someone else a moment ago) makes it load again, once per new id.
 */
export function useDocumentTodos(articleId: number, password: string | null) {
  const [todos, setTodos] = useState<Map<string, TodoJson>>(new Map());
  const asked = useRef(new Set<string>());
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const options = { articlePassword: password };

  const load = useCallback(async () => {
    try {
      const { data } = await api.get<{ data: TodoJson[] }>(`/articles/${articleId}/todos`, { articlePassword: password });
      setTodos(new Map(data.map((todo) => [todo.todo_id, todo])));
    } catch {
      // Without the list the document still works; the badges come back with the next load.
    }
  }, [articleId, password]);

  useEffect(() => {
    void load();
    return () => clearTimeout(timer.current);
  }, [load]);

  const seen = useCallback(
    (ids: string[]) => {
      const fresh = ids.filter((id) => !todos.has(id) && !asked.current.has(id));
      if (fresh.length === 0) return;
      for (const id of fresh) asked.current.add(id);
      clearTimeout(timer.current);
      // The room saves the new item a moment after its todo is made: wait for a quiet moment.
      timer.current = setTimeout(() => void load(), 800);
    },
    [todos, load],
  );

  const put = (todo: TodoJson) => setTodos((before) => new Map(before).set(todo.todo_id, todo));

  // Who may be given a todo changes seldom: asked once per document, again after a failure.
  const people = useRef<Promise<Assignee[]> | null>(null);
  const assignees = useCallback(() => {
    people.current ??= api.get<{ data: Assignee[] }>(`/articles/${articleId}/todo_assignees`, { articlePassword: password }).then(({ data }) => data);
    return people.current.catch((failure: unknown) => {
      people.current = null;
      throw failure;
    });
  }, [articleId, password]);

  return {
    todos,
    seen,
    assignees,
    create: async (input: { todo_id: string; text: string; assignee_id: number; due_on: string | null; done: boolean }) => {
      asked.current.add(input.todo_id);
      const { data } = await api.post<{ data: TodoJson }>(`/articles/${articleId}/todos`, input, options);
      put(data);
      return data;
    },
    update: async (todo: TodoJson, change: { assignee_id?: number; due_on?: string | null }) => {
      const { data } = await api.patch<{ data: TodoJson }>(`/todos/${todo.id}`, change, options);
      put(data);
      return data;
    },
    remove: async (todo: TodoJson) => {
      await api.delete(`/todos/${todo.id}`, options);
      setTodos((before) => {
        const next = new Map(before);
        next.delete(todo.todo_id);
        return next;
      });
    },
  };
}
