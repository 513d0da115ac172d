import { AI_AUTHOR } from "../../core/contracts/suggestions";
import type { TrackedChange } from "../../core/editor/track-changes";
import type { Suggestion, User } from "../db/schema";
import { presentPolicies, type Actor, type DocumentResource, type SuggestionResource } from "../policies";
import { iso, presentUserCard } from "./users";

const SUGGESTION_ACTIONS = ["suggestions.merge", "suggestions.withdraw"] as const;

/**
 * What the actor is to a suggestion, for the policy module. Its author is who made it: the
 * person suggesting in the editor, or the person who asked the AI writer for a revision (the
 * row's author either way), who may both withdraw it while it is open.
 */
export const suggestionResource = (actor: Actor, suggestion: Suggestion, doc: DocumentResource): SuggestionResource => ({
  ...doc,
  isAuthor: suggestion.authorId !== null && suggestion.authorId === actor.userId,
});

/**
 * A suggestion as the API answers it: who proposed it (for an AI revision, the AI writer and
 * who asked for it), its state, its changes as the stored body holds them (`changes`, while
 * open), and what the actor may do with it.
 */
export function presentSuggestion(
  actor: Actor,
  suggestion: Suggestion,
  people: Map<number, User>,
  doc: { level: DocumentResource["level"]; changes?: Map<string, TrackedChange> },
) {
  const person = (id: number | null) => {
    const user = id === null ? undefined : people.get(id);
    return user ? presentUserCard(user) : null;
  };
  const ai = suggestion.kind === "ai_revision";
  return {
    id: suggestion.id,
    article_id: suggestion.articleId,
    kind: suggestion.kind,
    state: suggestion.state,
    author: ai ? null : person(suggestion.authorId),
    author_name: ai ? AI_AUTHOR.userName : null,
    requested_by: ai ? person(suggestion.authorId) : null,
    change_uuids: suggestion.changeUuids,
    changes:
      suggestion.state === "open" && doc.changes
        ? suggestion.changeUuids.flatMap((uuid) => {
            const change = doc.changes!.get(uuid);
            return change ? [{ uuid, kind: change.kind, ...(change.detail ? { detail: change.detail } : {}), text: change.text, created_at: change.createdAt }] : [];
          })
        : [],
    settled_at: iso(suggestion.settledAt),
    settled_by: person(suggestion.settledById),
    created_at: iso(suggestion.createdAt),
    updated_at: iso(suggestion.updatedAt),
    policies: presentPolicies(actor, [...SUGGESTION_ACTIONS], suggestionResource(actor, suggestion, { level: doc.level })),
  };
}

export type SuggestionJson = ReturnType<typeof presentSuggestion>;
