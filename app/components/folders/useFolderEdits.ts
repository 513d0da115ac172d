import { useOutletContext, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { DocumentStatus } from "../../../core/enums";
import { api, ApiError } from "~/lib/api";
import { withValue } from "./arrange";
import type { ArticleItem, AssignedValue, FolderPageData, Property, ValuesByArticle } from "./types";

/** The folder loaded by the layout route, for the views and the settings page under it. */
export const useFolderPage = () => useOutletContext<FolderPageData>();

export type ValueChange = { value: unknown } | { assignee_id: number } | null;

const problemOf = (error: unknown) => (error instanceof ApiError ? error.problem.message : "We couldn't save that. Check your connection and try again.");

/**
 * A folder's documents and property values as the views edit them: each change shows at
 * once, is saved through the API, and is undone with a message if the save fails. After a
 * save the folder reloads, so every view (and the sidebar) agrees with the server.
 */
export function useFolderEdits(page: FolderPageData) {
  const [articles, setArticles] = useState(page.articles);
  const [values, setValues] = useState(page.values);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(0);
  const revalidator = useRevalidator();
  const latest = useRef({ articles, values });
  latest.current = { articles, values };

  // Fresh data from the server replaces the local copy.
  useEffect(() => {
    setArticles(page.articles);
    setValues(page.values);
  }, [page.articles, page.values]);

  const options = { articlePassword: page.password };

  async function run(apply: () => void, rollback: () => void, save: () => Promise<void>) {
    setError(null);
    apply();
    setSaving((count) => count + 1);
    try {
      await save();
      revalidator.revalidate();
    } catch (failure) {
      rollback();
      setError(problemOf(failure));
    } finally {
      setSaving((count) => count - 1);
    }
  }

  const setStatus = (article: ArticleItem, status: DocumentStatus) => {
    if (article.status === status) return Promise.resolve();
    const before = latest.current.articles;
    return run(
      () => setArticles((list) => list.map((item) => (item.id === article.id ? { ...item, status } : item))),
      () => setArticles(before),
      async () => {
        await api.put(`/articles/${article.id}`, { article: { status } }, options);
      },
    );
  };

  /** Sets (or with `null` clears) one property on one document. */
  const setValue = (article: ArticleItem, property: Property, change: ValueChange) => {
    const before = latest.current.values;
    const current = before[article.id]?.find((value) => value.property_id === property.id);
    const optimistic: AssignedValue | null =
      change === null
        ? null
        : {
            id: current?.id ?? -1,
            article_id: article.id,
            property_id: property.id,
            value: "value" in change ? (change.value as AssignedValue["value"]) : null,
            assignee_id: "assignee_id" in change ? change.assignee_id : null,
            assignee: null,
            updated_at: new Date().toISOString(),
          };
    if (optimistic && "assignee_id" in change!) {
      const person = page.people.find((candidate) => candidate.id === optimistic.assignee_id);
      optimistic.assignee = person ? ({ id: person.id, name: person.name } as AssignedValue["assignee"]) : null;
    }
    const path = `/articles/${article.id}/properties/${property.id}`;
    return run(
      () => setValues((all: ValuesByArticle) => withValue(all, article.id, property.id, optimistic)),
      () => setValues(before),
      async () => {
        if (change === null) {
          await api.delete(path, options);
          return;
        }
        const saved = await api.put<{ data: AssignedValue }>(path, change, options);
        setValues((all) => withValue(all, article.id, property.id, saved.data));
      },
    );
  };

  return { articles, values, error, clearError: () => setError(null), saving: saving > 0, setStatus, setValue };
}

export type FolderEdits = ReturnType<typeof useFolderEdits>;
