import { useNavigate } from "@remix-run/react";
import { useState } from "react";
import { Dialog, DialogActions } from "../ui/Dialog";
import { FormAlert } from "../ui/Field";
import { api } from "~/lib/api";
import { FolderPicker } from "./FolderPicker";
import type { Article } from "./types";
import { useApiAction } from "./useApiAction";

interface MoveDialogProps {
  open: boolean;
  closeTo: string;
  article: Pick<Article, "id" | "title" | "folder_id" | "workspace_id">;
  password: string | null;
  allowTopLevel: boolean;
}

/** "Move to folder": pick a folder the person may add documents to (PUT /v1/articles/:id/move). */
export function MoveDialog({ open, closeTo, article, password, allowTopLevel }: MoveDialogProps) {
  return (
    <Dialog open={open} closeTo={closeTo} title={`Move “${article.title || "Untitled"}”`} description="Choose where the document should live.">
      {open ? <MoveForm closeTo={closeTo} article={article} password={password} allowTopLevel={allowTopLevel} /> : null}
    </Dialog>
  );
}

function MoveForm({ closeTo, article, password, allowTopLevel }: Omit<MoveDialogProps, "open">) {
  const [target, setTarget] = useState<number | null>(article.folder_id);
  const { busy, error, run } = useApiAction();
  const navigate = useNavigate();
  const unchanged = target === article.folder_id;

  const move = async () => {
    const moved = await run(() => api.put(`/articles/${article.id}/move`, { folder_id: target }, { articlePassword: password }));
    if (moved) navigate(closeTo, { replace: true, preventScrollReset: true });
  };

  return (
    <div className="dialog__form">
      <FolderPicker workspaceId={article.workspace_id} current={article.folder_id} value={target} onChange={setTarget} allowTopLevel={allowTopLevel} />
      <FormAlert message={error} />
      <DialogActions closeTo={closeTo} label="Move here" busyLabel="Moving…" busy={busy} disabled={unchanged} onClick={move} />
    </div>
  );
}
