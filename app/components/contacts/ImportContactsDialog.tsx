import { Link, useRevalidator } from "@remix-run/react";
import { integrationsPath } from "../integrations/types";
import { useState, type FormEvent } from "react";
import type { ContactImportResult } from "../../../core/contracts/contacts";
import { count } from "../../../core/counting";
import { Dialog } from "~/components/ui/Dialog";
import { FormAlert } from "~/components/ui/Field";
import { api, ApiError } from "~/lib/api";

export interface ContactSource {
  id: number;
  display_name: string;
  state: string;
  state_reason: string | null;
}

/**
 * The ImportContacts modal: choose a connected HubSpot account and import its contacts. A large
 * list comes in several calls (the API takes 20 pages of 100 at a time and says where to go
 * on), which this runs one after the other, showing how far it got.
 */
export function ImportContactsDialog({ open, closeTo, workspaceId, sources }: { open: boolean; closeTo: string; workspaceId: number; sources: ContactSource[] }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function run(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const integrationId = Number(new FormData(event.currentTarget).get("integration_id"));
    setBusy(true);
    setProblem(null);
    setDone(null);
    const totals = { created: 0, updated: 0, skipped: 0 };
    let after: string | null = null;
    try {
      do {
        const { data }: { data: ContactImportResult } = await api.post(`/w/${workspaceId}/contacts/import`, { integration_id: integrationId, ...(after ? { after } : {}) });
        totals.created += data.created;
        totals.updated += data.updated;
        totals.skipped += data.skipped;
        after = data.next_after;
        setProgress(after ? `${count(totals.created + totals.updated, "contact")} in so far…` : null);
      } while (after);
      setDone(
        `Imported ${count(totals.created, "new contact")} and updated ${count(totals.updated, "contact")}${totals.skipped ? `; skipped ${count(totals.skipped, "contact")} without an email` : ""}.`,
      );
      revalidator.revalidate();
    } catch (failure) {
      const what = failure instanceof ApiError ? failure.problem.message : "The import stopped. Try again: contacts already imported stay.";
      setProblem(totals.created + totals.updated ? `${what} (${count(totals.created + totals.updated, "contact")} came in before it stopped.)` : what);
      revalidator.revalidate();
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  return (
    <Dialog open={open} closeTo={closeTo} title="Import contacts" description={<p>Bring your CRM&apos;s contacts into this workspace. Someone already here (same email) is updated, not added twice.</p>}>
      {sources.length === 0 ? (
        <div className="contacts-import__empty">
          <p>No HubSpot account is connected to this workspace yet.</p>
          <Link className="button button--primary" to={integrationsPath(workspaceId)}>
            Connect HubSpot
          </Link>
        </div>
      ) : (
        <form className="contacts-import" onSubmit={(event) => void run(event)}>
          <FormAlert message={problem} />
          <label className="field">
            <span className="field__label">From</span>
            <select className="input" name="integration_id" defaultValue={sources[0]!.id} disabled={busy}>
              {sources.map((source) => (
                <option key={source.id} value={source.id}>
                  HubSpot: {source.display_name}
                  {source.state === "needs_reauth" ? " (needs reconnecting)" : ""}
                </option>
              ))}
            </select>
          </label>
          {progress ? <p role="status">{progress}</p> : null}
          {done ? (
            <p role="status" className="contacts-import__done">
              {done}
            </p>
          ) : null}
          <div className="dialog__actions">
            <Link to={closeTo} replace preventScrollReset className="button">
              {done ? "Close" : "Cancel"}
            </Link>
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? "Importing…" : "Import contacts"}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
