import { useNavigate } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { Dialog, DialogActions } from "../ui/Dialog";
import { Field, FormAlert } from "../ui/Field";
import { api } from "~/lib/api";
import type { Article } from "./types";
import { useApiAction } from "./useApiAction";

interface ProtectDialogProps {
  open: boolean;
  closeTo: string;
  article: Pick<Article, "id" | "title" | "has_password">;
}

/** Owners set, change or remove the document's password (PUT /v1/articles/:id with `password`). */
export function ProtectDialog({ open, closeTo, article }: ProtectDialogProps) {
  return (
    <Dialog
      open={open}
      closeTo={closeTo}
      title={article.has_password ? "Change or remove the password" : "Protect with a password"}
      description="Everyone except the owner is asked for it before the document opens, on top of needing access."
    >
      {open ? <ProtectForm closeTo={closeTo} article={article} /> : null}
    </Dialog>
  );
}

function ProtectForm({ closeTo, article }: Omit<ProtectDialogProps, "open">) {
  const [password, setPassword] = useState("");
  const { busy, error, setError, run } = useApiAction();
  const [removing, setRemoving] = useState(false);
  const navigate = useNavigate();

  const save = async (value: string | null) => {
    setRemoving(value === null);
    const done = await run(() => api.put(`/articles/${article.id}`, { article: { password: value } }));
    if (done) navigate(closeTo, { replace: true, preventScrollReset: true });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password.length < 4) {
      setError("Use at least 4 characters.");
      return;
    }
    void save(password);
  };

  return (
    <form className="dialog__form" onSubmit={submit}>
      <Field
        label={article.has_password ? "New password" : "Password"}
        type="password"
        autoComplete="new-password"
        minLength={4}
        maxLength={200}
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        hint="Share it separately from the link. At least 4 characters."
        data-autofocus
      />
      <FormAlert message={error} />
      <DialogActions
        closeTo={closeTo}
        label={article.has_password ? "Change password" : "Set password"}
        busyLabel="Saving…"
        busy={busy && !removing}
        disabled={busy}
        start={
          article.has_password ? (
            <button type="button" className="button button--destructive-outline dialog__start" disabled={busy} onClick={() => void save(null)}>
              {busy && removing ? "Removing…" : "Remove password"}
            </button>
          ) : null
        }
      />
    </form>
  );
}
