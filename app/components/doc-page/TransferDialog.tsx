import { useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Dialog, DialogActions } from "../ui/Dialog";
import { FormAlert } from "../ui/Field";
import { PickerList, PickerOption } from "../ui/PickerList";
import { api, ApiError } from "~/lib/api";
import type { Article } from "./types";
import { useApiAction } from "./useApiAction";

interface TransferDialogProps {
  open: boolean;
  closeTo: string;
  article: Pick<Article, "id" | "title" | "owner_id" | "workspace_id">;
  password: string | null;
}

interface Member {
  id: number;
  name: string;
  email: string;
  role: string;
}

/** Hand the document to another active member (PUT transfer_ownership); the old owner keeps edit access. */
export function TransferDialog({ open, closeTo, article, password }: TransferDialogProps) {
  return (
    <Dialog
      open={open}
      closeTo={closeTo}
      title="Transfer ownership"
      description="The new owner can do everything with it, including deleting it. The current owner keeps edit access."
    >
      {open ? <TransferForm closeTo={closeTo} article={article} password={password} /> : null}
    </Dialog>
  );
}

function TransferForm({ closeTo, article, password }: Omit<TransferDialogProps, "open">) {
  const [members, setMembers] = useState<Member[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [filter, setFilter] = useState("");
  const [chosen, setChosen] = useState<number | null>(null);
  const { busy, error, run } = useApiAction();
  const navigate = useNavigate();

  useEffect(() => {
    api
      .get<{ data: Member[] }>(`/w/${article.workspace_id}/members`, { query: { per_page: 100 } })
      .then((answer) => setMembers(answer.data.filter((member) => member.id !== article.owner_id)))
      .catch((failure) => setLoadError(failure instanceof ApiError ? failure.problem.message : "Could not load the members."));
  }, [article.workspace_id, article.owner_id]);

  const needle = filter.trim().toLowerCase();
  const shown = (members ?? []).filter((m) => !needle || m.name.toLowerCase().includes(needle) || m.email.toLowerCase().includes(needle));
  const picked = members?.find((member) => member.id === chosen);

  const transfer = async () => {
    if (!chosen) return;
    const done = await run(() => api.put(`/articles/${article.id}/transfer_ownership`, { user_id: chosen }, { articlePassword: password }));
    if (done) navigate(closeTo, { replace: true, preventScrollReset: true });
  };

  return (
    <div className="dialog__form">
      <PickerList
        search={members ? { label: "Find a member", placeholder: "Find a member by name or email", value: filter, onChange: setFilter, autoFocus: true } : undefined}
        legend="New owner"
        loading={!members && "Loading members…"}
        error={loadError}
        empty={shown.length === 0 ? (needle ? "Nobody matches." : "Nobody else is in this workspace yet. Invite a colleague first.") : null}
      >
        {shown.map((member) => (
          <PickerOption key={member.id} name="owner" checked={chosen === member.id} onChange={() => setChosen(member.id)}>
            <span className="member-picker__who">
              <span>{member.name}</span>
              <span className="member-picker__email">{member.email}</span>
            </span>
          </PickerOption>
        ))}
      </PickerList>
      <FormAlert message={error} />
      <DialogActions
        closeTo={closeTo}
        label={picked ? `Make ${picked.name} the owner` : "Transfer"}
        busyLabel="Transferring…"
        busy={busy}
        disabled={!chosen}
        onClick={transfer}
      />
    </div>
  );
}
