import { articleSlug } from "../../core/slug";
import type { Article, Todo, User } from "../db/schema";
import { presentPolicies, type Actor, type DocumentResource, type TodoResource } from "../policies";
import { iso, presentUserCard } from "./users";

const TODO_ACTIONS = ["todos.complete", "todos.update", "todos.delete"] as const;

/** What the actor is to a todo, for the policy module. */
export const todoResource = (actor: Actor, todo: Todo, doc: DocumentResource): TodoResource => ({
  ...doc,
  isAssignee: todo.assigneeId !== null && todo.assigneeId === actor.userId,
  isCreator: todo.creatorId !== null && todo.creatorId === actor.userId,
});

/**
 * A todo as the API answers it, with its document and what the actor may do with it. On a
 * document behind a password the actor has not given (`locked`), its words stay hidden, as
 * lists hide such a document's excerpt.
 */
export function presentTodo(
  actor: Actor,
  todo: Todo,
  people: Map<number, User>,
  doc: { article: Pick<Article, "id" | "title">; level: DocumentResource["level"]; locked?: boolean },
) {
  const person = (id: number | null) => {
    const user = id === null ? undefined : people.get(id);
    return user ? presentUserCard(user) : null;
  };
  const locked = doc.locked ?? false;
  return {
    id: todo.id,
    todo_id: todo.uuid,
    text: locked ? null : todo.text,
    locked,
    done: todo.done,
    done_at: iso(todo.doneAt),
    done_by: person(todo.doneById),
    due_on: todo.dueOn,
    assignee: person(todo.assigneeId),
    creator: person(todo.creatorId),
    article: { id: doc.article.id, title: doc.article.title, slug: articleSlug(doc.article.title, doc.article.id) },
    created_at: iso(todo.createdAt),
    updated_at: iso(todo.updatedAt),
    policies: presentPolicies(actor, [...TODO_ACTIONS], todoResource(actor, todo, { level: doc.level })),
  };
}

export type TodoJson = ReturnType<typeof presentTodo>;
