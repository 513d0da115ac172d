import { useNavigate } from "@remix-run/react";
import { Dialog, DialogActions } from "../ui/Dialog";
import { FormAlert } from "../ui/Field";
import { api } from "~/lib/api";
import type { Article } from "./types";
import { useApiAction } from "./useApiAction";

interface ArchiveDialogProps {
  open: boolean;
  closeTo: string;
  article: Pick<Article, "id" | "title" | "workspace_id">;
  password: string | null;
}

/** Archive, after a confirmation; then back to the workspace's home, which says it happened. */
export function ArchiveDialog({ open, closeTo, article, password }: ArchiveDialogProps) {
  const { busy, error, run } = useApiAction();
  const navigate = useNavigate();
  const title = article.title || "Untitled";

  const archive = async () => {
    const done = await run(() => api.put(`/articles/${article.id}/archive`, undefined, { articlePassword: password }));
    if (done) navigate(`/workspaces/${article.workspace_id}/home?${new URLSearchParams({ archived: title })}`);
  };

  return (
    <Dialog open={open} closeTo={closeTo} title={`Archive “${title}”?`} tone="danger">
      <div className="dialog__form">
        <p className="dialog__text">
          It leaves every list and search, for everyone. It stays in the workspace&apos;s archive, where anyone who could edit it
          can restore it.
        </p>
        <FormAlert message={error} />
        <DialogActions closeTo={closeTo} tone="destructive" label="Archive" busyLabel="Archiving…" busy={busy} onClick={archive} autoFocus="confirm" />
      </div>
    </Dialog>
  );
}
