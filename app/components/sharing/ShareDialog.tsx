import { useCallback, useEffect, useState } from "react";
import { accessLevels, type AccessLevel } from "../../../core/enums";
import { Dialog } from "../ui/Dialog";
import { CopyButton } from "../ui/CopyButton";
import { FormAlert } from "../ui/Field";
import { api, ApiError } from "~/lib/api";
import { AccessList } from "./AccessList";
import { AccessRequests } from "./AccessRequests";
import { AddPeopleForm } from "./AddPeopleForm";
import { GeneralAccess } from "./GeneralAccess";
import { generalChange, type GeneralLevel, type GeneralTarget } from "./generalAccess";
import { sharePayload, type Group, type Person, type Recipient, type ShareOptions } from "./recipients";
import type { AccessGrant, AccessListing, AccessRequest } from "./types";

export interface ShareDialogProps {
  open: boolean;
  closeTo: string;
  article: { id: number; title: string; workspace_id: number };
  /** The document's address, for "Copy link". */
  link: string;
  /** The viewer's own level: only owners hand out ownership. */
  level: AccessLevel | null;
  password: string | null;
  /** Something changed (the page reloads its data). */
  onChanged?: () => void;
}

const problem = (error: unknown) => (error instanceof ApiError ? error.problem.message : "Something went wrong. Try again.");

interface Directory {
  people: Person[];
  groups: Group[];
}

/** Colleagues and groups to suggest. Guests may not list members; then only emails work, which is fine. */
async function loadDirectory(workspaceId: number): Promise<Directory> {
  const [members, channels] = await Promise.allSettled([
    api.get<{ data: { id: number; name: string; email: string }[] }>(`/w/${workspaceId}/members`, { query: { per_page: 100 } }),
    api.get<{ data: { id: number; name: string }[] }>(`/w/${workspaceId}/channels`),
  ]);
  return {
    people: members.status === "fulfilled" ? members.value.data.map(({ id, name, email }) => ({ id, name, email })) : [],
    groups: channels.status === "fulfilled" ? channels.value.data.map(({ id, name }) => ({ id, name })) : [],
  };
}

/**
 * The share dialog: add people, change or remove each grant, general access for the
 * workspace and for anyone with the link, pending requests, and the link to copy. Every
 * change is one API call, then the list is read again so it shows what the server holds.
 */
export function ShareDialog({ open, closeTo, article, link, level, password, onChanged }: ShareDialogProps) {
  return (
    <Dialog open={open} closeTo={closeTo} title={`Share “${article.title || "Untitled"}”`}>
      {open ? <ShareContent article={article} link={link} level={level} password={password} onChanged={onChanged} /> : null}
    </Dialog>
  );
}

function ShareContent({ article, link, level, password, onChanged }: Omit<ShareDialogProps, "open" | "closeTo">) {
  const [listing, setListing] = useState<AccessListing | null>(null);
  const [requests, setRequests] = useState<AccessRequest[]>([]);
  const [directory, setDirectory] = useState<Directory>({ people: [], groups: [] });
  const [loadError, setLoadError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busyGrant, setBusyGrant] = useState<number | null>(null);
  const [busyGeneral, setBusyGeneral] = useState<GeneralTarget | null>(null);
  const [busyRequest, setBusyRequest] = useState<number | null>(null);
  const options = { articlePassword: password };

  const reload = useCallback(async () => {
    try {
      const next = await api.get<AccessListing>(`/articles/${article.id}/accesses`, { articlePassword: password });
      setListing(next);
      setLoadError(null);
      if (next.policies["articles.share"]) {
        const pending = await api.get<{ data: AccessRequest[] }>(`/articles/${article.id}/access_requests`, { articlePassword: password });
        setRequests(pending.data);
      }
    } catch (failure) {
      setLoadError(problem(failure));
    }
  }, [article.id, password]);

  useEffect(() => {
    void reload();
    void loadDirectory(article.workspace_id).then(setDirectory);
  }, [reload, article.workspace_id]);

  const canShare = Boolean(listing?.policies["articles.share"]);
  const levels: AccessLevel[] = canShare ? accessLevels.filter((entry) => entry !== "owner" || level === "owner") : [];

  /** Runs one change, then shows the server's list again; errors stay in the dialog. */
  const change = async (run: () => Promise<unknown>) => {
    setError(null);
    try {
      await run();
      await reload();
      onChanged?.();
      return null;
    } catch (failure) {
      const message = problem(failure);
      setError(message);
      return message;
    }
  };

  const share = (recipients: Recipient[], shareOptions: ShareOptions) =>
    change(() => api.post(`/articles/${article.id}/accesses`, sharePayload(recipients, shareOptions), options)).then((message) => {
      // The form shows its own error; the dialog-wide one is for the other sections.
      if (message) setError(null);
      return message;
    });

  const updateGrant = async (grant: AccessGrant, permission: AccessLevel) => {
    setBusyGrant(grant.id);
    await change(() => api.put(`/accesses/${grant.id}`, { permission }, options));
    setBusyGrant(null);
  };

  const removeGrant = async (grant: AccessGrant) => {
    setBusyGrant(grant.id);
    await change(() => api.delete(`/accesses/${grant.id}`, options));
    setBusyGrant(null);
  };

  const setGeneral = async (target: GeneralTarget, grant: AccessGrant | null, wanted: GeneralLevel) => {
    const call = generalChange(article.id, target, grant, wanted);
    if (!call) return;
    setBusyGeneral(target);
    await change(() => api.request(call.method, call.path, { ...options, body: call.body }));
    setBusyGeneral(null);
  };

  const decide = async (request: AccessRequest, accept: boolean) => {
    setBusyRequest(request.id);
    await change(() =>
      accept
        ? api.put(`/access_requests/${request.id}/accept`, { permission: request.permission }, options)
        : api.delete(`/access_requests/${request.id}`, options),
    );
    setBusyRequest(null);
  };

  if (loadError && !listing) {
    return (
      <div className="share-dialog">
        <FormAlert message={loadError} />
        <button type="button" className="button" onClick={() => void reload()}>
          Try again
        </button>
      </div>
    );
  }
  if (!listing) {
    return (
      <div className="share-dialog share-dialog--loading" aria-busy="true">
        <span className="spinner spinner--dark" aria-hidden="true" /> Loading who has access…
      </div>
    );
  }

  // Suggest only who does not have a grant here yet (the owner never needs one).
  const granted = new Set(listing.data.accesses.map((grant) => `${grant.target_type}:${grant.target_id}`));
  const suggestedPeople = directory.people.filter((person) => person.id !== listing.data.owner?.id && !granted.has(`User:${person.id}`));
  const suggestedGroups = directory.groups.filter((group) => !granted.has(`Channel:${group.id}`));

  return (
    <div className="share-dialog">
      {canShare ? <AddPeopleForm people={suggestedPeople} groups={suggestedGroups} levels={levels} onShare={share} /> : null}
      <FormAlert message={error} />
      {canShare ? (
        <AccessRequests requests={requests} busyId={busyRequest} onAccept={(r) => void decide(r, true)} onDeny={(r) => void decide(r, false)} />
      ) : null}
      <AccessList
        listing={listing.data}
        levels={levels}
        busyId={busyGrant}
        onChange={(grant, permission) => void updateGrant(grant, permission)}
        onRemove={(grant) => void removeGrant(grant)}
      />
      <GeneralAccess
        grants={listing.data.accesses}
        inherited={listing.data.inherited_accesses}
        canChange={canShare}
        busy={busyGeneral}
        onChange={(target, grant, wanted) => void setGeneral(target, grant, wanted)}
      />
      <div className="share-link">
        <label className="visually-hidden" htmlFor="share-link-field">
          Link to this document
        </label>
        <input id="share-link-field" className="input input--compact share-link__field" readOnly value={link} onFocus={(e) => e.target.select()} />
        <CopyButton value={link} label="Copy link" />
      </div>
    </div>
  );
}
