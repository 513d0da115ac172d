import { useState } from "react";
import { StarIcon } from "../ui/icons";
import { api, ApiError } from "~/lib/api";

/** The star: POST or DELETE /v1/articles/:id/favorite, shown at once and put back if it fails. */
export function FavoriteStar({ articleId, initial, password }: { articleId: number; initial: boolean; password: string | null }) {
  const [starred, setStarred] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const toggle = async () => {
    const next = !starred;
    setStarred(next);
    setBusy(true);
    setError(null);
    try {
      if (next) await api.post(`/articles/${articleId}/favorite`, undefined, { articlePassword: password });
      else await api.delete(`/articles/${articleId}/favorite`, { articlePassword: password });
    } catch (failure) {
      setStarred(!next);
      setError(failure instanceof ApiError ? failure.problem.message : "Could not change the star.");
    } finally {
      setBusy(false);
    }
  };

  const label = starred ? "Remove from favorites" : "Add to favorites";
  return (
    <span className="favorite-star">
      <button
        type="button"
        className="icon-button favorite-star__button"
        aria-pressed={starred}
        aria-label={label}
        title={error ?? label}
        disabled={busy}
        data-starred={starred || undefined}
        onClick={toggle}
      >
        <StarIcon aria-hidden="true" />
      </button>
      {error ? (
        <span className="visually-hidden" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}
