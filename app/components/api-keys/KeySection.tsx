import { useRevalidator } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { apiScopeLabels, type ApiKeyOut, type CreatedApiKeyOut } from "../../../core/contracts/api-keys";
import { formatWhen } from "~/components/scheduling/types";
import { FormAlert } from "~/components/ui/Field";
import { api, ApiError } from "~/lib/api";
import { CreateKeyForm } from "./CreateKeyForm";
import { KeyCalls } from "./KeyCalls";
import { NewKeySecret } from "./NewKeySecret";

interface KeySectionProps {
  id: string;
  title: string;
  /** What these keys are for, under the heading. */
  intro: ReactNode;
  keys: ApiKeyOut[];
  /** "workspace key" or "personal token". */
  noun: string;
  /** The API path of this list (`/w/:ws/api_keys`, `/users/self/tokens`); keys are `<path>/:id`. */
  path: string;
  /** The viewer creates and revokes these keys and reads their calls; otherwise the list is read-only. */
  canManage: boolean;
  /** Said instead of the create form when the viewer cannot create (who can). */
  readOnlyNote?: ReactNode;
  /** Said when there are none yet. */
  empty: ReactNode;
  zone: string;
}

/** One kind of key: create (secret shown once), the list with each key's facts, revoke, recent calls. */
export function KeySection({ id, title, intro, keys, noun, path, canManage, readOnlyNote, empty, zone }: KeySectionProps) {
  const revalidator = useRevalidator();
  const [created, setCreated] = useState<CreatedApiKeyOut | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  async function revoke(key: ApiKeyOut) {
    if (!window.confirm(`Revoke “${key.name}”? Anything using it stops working at once; this cannot be undone.`)) return;
    setProblem(null);
    setNotice(null);
    setBusyId(key.id);
    try {
      await api.delete(`${path}/${key.id}`);
      setNotice(`“${key.name}” is revoked.`);
      revalidator.revalidate();
    } catch (failure) {
      setProblem(failure instanceof ApiError ? failure.problem.message : `Revoking the ${noun} failed. Try again.`);
    } finally {
      setBusyId(null);
    }
  }

  return (
    <section className="api-keys__section" aria-labelledby={`${id}-heading`}>
      <header className="api-keys__section-header">
        <div>
          <h2 id={`${id}-heading`}>{title}</h2>
          <p className="muted">{intro}</p>
        </div>
        {canManage ? (
          <CreateKeyForm
            path={path}
            noun={noun}
            onCreated={(key) => {
              setNotice(null);
              setCreated(key);
              revalidator.revalidate();
            }}
          />
        ) : null}
      </header>
      {!canManage && readOnlyNote ? <p className="api-keys__note">{readOnlyNote}</p> : null}
      {created ? <NewKeySecret created={created} onDone={() => setCreated(null)} /> : null}
      <FormAlert message={problem} />
      <FormAlert message={notice} tone="info" />
      {keys.length === 0 ? (
        <div className="api-keys__empty">{empty}</div>
      ) : (
        <ul className="api-keys__list">
          {keys.map((key) => (
            <KeyRow key={key.id} apiKey={key} zone={zone} callsPath={canManage ? `${path}/${key.id}/calls` : null} onRevoke={canManage ? () => void revoke(key) : null} busy={busyId === key.id} />
          ))}
        </ul>
      )}
    </section>
  );
}

function keyState(key: ApiKeyOut): { label: string; tone: "live" | "ended" } {
  if (key.revoked_at) return { label: "Revoked", tone: "ended" };
  if (key.expires_at && Date.parse(key.expires_at) <= Date.now()) return { label: "Expired", tone: "ended" };
  return { label: "Active", tone: "live" };
}

interface KeyRowProps {
  apiKey: ApiKeyOut;
  zone: string;
  callsPath: string | null;
  onRevoke: (() => void) | null;
  busy: boolean;
}

function KeyRow({ apiKey: key, zone, callsPath, onRevoke, busy }: KeyRowProps) {
  const [showCalls, setShowCalls] = useState(false);
  const state = keyState(key);
  const callsId = `api-key-${key.id}-calls`;
  return (
    <li className="api-keys__key" data-state={state.tone}>
      <div className="api-keys__key-head">
        <h3 className="api-keys__key-name">{key.name}</h3>
        <span className="api-keys__prefix">
          <span className="visually-hidden">Starts with </span>
          <code>{key.prefix}…</code>
        </span>
        <span className={`api-keys__badge api-keys__badge--${state.tone}`}>{state.label}</span>
      </div>
      <ul className="api-keys__scope-list" aria-label="Scopes">
        {key.scopes.map((scope) => (
          <li key={scope} className="api-keys__chip">
            {apiScopeLabels[scope].label}
          </li>
        ))}
      </ul>
      <dl className="api-keys__facts">
        <div>
          <dt>Created</dt>
          <dd>
            {formatWhen(key.created_at, zone)}
            {key.created_by ? ` by ${key.created_by.name}` : ""}
          </dd>
        </div>
        <div>
          <dt>Last used</dt>
          <dd>{key.last_used_at ? formatWhen(key.last_used_at, zone) : "Never"}</dd>
        </div>
        <div>
          <dt>Expires</dt>
          <dd>{key.expires_at ? formatWhen(key.expires_at, zone) : "Never"}</dd>
        </div>
        {key.revoked_at ? (
          <div>
            <dt>Revoked</dt>
            <dd>{formatWhen(key.revoked_at, zone)}</dd>
          </div>
        ) : null}
      </dl>
      {callsPath || (onRevoke && !key.revoked_at) ? (
        <div className="api-keys__actions">
          {callsPath ? (
            <button type="button" className="button button--small" aria-expanded={showCalls} aria-controls={callsId} onClick={() => setShowCalls((open) => !open)}>
              {showCalls ? "Hide calls" : "Recent calls"}
              <span className="visually-hidden"> of {key.name}</span>
            </button>
          ) : null}
          {onRevoke && !key.revoked_at ? (
            <button type="button" className="button button--small button--destructive-outline" onClick={onRevoke} disabled={busy} aria-busy={busy || undefined}>
              {busy ? "Revoking…" : "Revoke"}
              <span className="visually-hidden"> {key.name}</span>
            </button>
          ) : null}
        </div>
      ) : null}
      {callsPath ? <div id={callsId}>{showCalls ? <KeyCalls path={callsPath} name={key.name} zone={zone} /> : null}</div> : null}
    </li>
  );
}
