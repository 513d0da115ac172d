import { saveStatusText, type SaveSnapshot } from "./saveQueue";

/** "Saving… / Saved / Couldn't save — Retry", announced politely to screen readers. */
export function SaveStatus({ id, status, onRetry }: { id?: string; status: SaveSnapshot; onRetry: () => void }) {
  const text = saveStatusText(status);
  return (
    <div id={id} className="save-status" data-status={status.status} role="status" aria-live="polite">
      {status.status === "saving" ? <span className="spinner spinner--small" aria-hidden="true" /> : null}
      <span>{text}</span>
      {status.status === "failed" ? (
        <>
          <span aria-hidden="true">—</span>
          <button type="button" className="link-button save-status__retry" onClick={onRetry}>
            Retry
          </button>
          {status.error ? <span className="save-status__error">{status.error}</span> : null}
        </>
      ) : null}
    </div>
  );
}
