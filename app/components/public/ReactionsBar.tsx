import { useEffect, useState } from "react";
import type { ReactionsJson } from "../../../worker/presenters/public-pages";
import { reactionEmojis } from "../../../core/contracts/publishing";
import { api, ApiError } from "~/lib/api";

const LABELS: Record<string, string> = {
  "👍": "Thumbs up",
  "❤️": "Love",
  "🎉": "Celebrate",
  "😄": "Smile",
  "🤔": "Thinking",
  "👀": "Eyes",
};

const path = (articleId: number) => `/articles/${articleId}/reactions`;

/**
 * Reactions load and change in the browser through the API, so the page itself stays the
 * same for everyone and cacheable. Anonymous visitors react as their browser's uuid.
 */
export function ReactionsBar({ articleId }: { articleId: number }) {
  const [reactions, setReactions] = useState<ReactionsJson | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    api
      .get<{ data: ReactionsJson }>(path(articleId), { signal: controller.signal })
      .then((body) => setReactions(body.data))
      .catch((caught) => {
        if (!controller.signal.aborted) setError(caught instanceof ApiError ? caught.problem.message : "Reactions could not be loaded.");
      });
    return () => controller.abort();
  }, [articleId]);

  async function toggle(emoji: string, reacted: boolean) {
    setPending(emoji);
    setError(null);
    try {
      const body = reacted
        ? await api.delete<{ data: ReactionsJson }>(`${path(articleId)}/${encodeURIComponent(emoji)}`)
        : await api.post<{ data: ReactionsJson }>(path(articleId), { emoji });
      setReactions(body.data);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.problem.message : "That reaction did not go through. Try again.");
    } finally {
      setPending(null);
    }
  }

  const items = reactions?.reactions ?? reactionEmojis.map((emoji) => ({ emoji, count: 0, reacted: false }));
  return (
    <section className="reactions" aria-label="Reactions" aria-busy={reactions === null && !error}>
      <div className="reactions__list" role="group" aria-label="React to this page">
        {items.map(({ emoji, count, reacted }) => (
          <button
            key={emoji}
            type="button"
            className="reactions__button"
            aria-pressed={reacted}
            aria-label={`${LABELS[emoji] ?? emoji}: ${count}${reacted ? ", you reacted" : ""}`}
            disabled={reactions === null || pending !== null}
            data-testid={`reaction-${emoji}`}
            onClick={() => toggle(emoji, reacted)}
          >
            <span aria-hidden="true">{emoji}</span>
            <span className="reactions__count" aria-hidden="true">
              {reactions === null ? "·" : count}
            </span>
          </button>
        ))}
      </div>
      {error ? (
        <p className="reactions__error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
