import { useState, type FormEvent } from "react";
import { FormAlert } from "../ui/Field";
import { LockIcon } from "../ui/icons";
import { api } from "~/lib/api";
import { storeArticlePassword } from "./articlePassword";
import { useApiAction } from "./useApiAction";

/**
 * The page opened with the password remembered by this browser (its cookie), but this tab
 * has not seen it, and the browser's own calls (saving, sharing, starring) need it too.
 * Checked with a read of the document before it is kept for the tab.
 */
export function TabPasswordBanner({ articleId, onUnlocked }: { articleId: number; onUnlocked: (password: string) => void }) {
  const [value, setValue] = useState("");
  const { busy, error, run } = useApiAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const ok = await run(() => api.get(`/articles/${articleId}`, { articlePassword: value }));
    if (!ok) return;
    storeArticlePassword(articleId, value);
    onUnlocked(value);
  };

  return (
    <form className="doc-banner doc-banner--password" onSubmit={submit} aria-label="Document password for this tab">
      <LockIcon width={18} height={18} aria-hidden="true" />
      <span>This document is password protected. Enter the password again to save, share or star it from this tab.</span>
      <input
        className="input input--compact doc-banner__input"
        type="password"
        aria-label="Password"
        autoComplete="off"
        required
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <button type="submit" className="button button--small" disabled={busy} aria-busy={busy || undefined}>
        {busy ? "Checking…" : "Unlock"}
      </button>
      <FormAlert message={error} />
    </form>
  );
}
