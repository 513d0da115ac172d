import { useId, useRef, useState, type FormEvent } from "react";
import { apiScopeLabels, apiScopes, type CreatedApiKeyOut } from "../../../core/contracts/api-keys";
import { Field, FormAlert, SelectField } from "~/components/ui/Field";
import { api, ApiError } from "~/lib/api";

/** How long a new key lives: the choices people need, not every number the API takes. */
const EXPIRIES = [
  { value: "", label: "Never (until revoked)" },
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
  { value: "365", label: "365 days" },
];

interface CreateKeyFormProps {
  /** The API path that creates it (`/w/:ws/api_keys` or `/users/self/tokens`). */
  path: string;
  /** "workspace key" or "personal token", in the button and messages. */
  noun: string;
  onCreated: (key: CreatedApiKeyOut) => void;
}

/**
 * Name, scopes and expiry of a new key, behind a disclosure so the list stays first. The
 * API's messages for each field appear under it.
 */
export function CreateKeyForm({ path, noun, onCreated }: CreateKeyFormProps) {
  const scopesErrorId = useId();
  const [open, setOpen] = useState(false);
  const summaryRef = useRef<HTMLElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string[]>>({});

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const expiry = String(form.get("expires_in_days") ?? "");
    setBusy(true);
    setProblem(null);
    setFields({});
    try {
      const { data } = await api.post<{ data: CreatedApiKeyOut }>(path, {
        name: String(form.get("name") ?? ""),
        scopes: form.getAll("scopes").map(String),
        expires_in_days: expiry ? Number(expiry) : null,
      });
      formElement.reset();
      setOpen(false);
      onCreated(data);
    } catch (failure) {
      if (failure instanceof ApiError) {
        setProblem(failure.problem.message);
        setFields(failure.problem.fields ?? {});
      } else setProblem(`Creating the ${noun} failed. Try again.`);
    } finally {
      setBusy(false);
    }
  }

  const scopeErrors = Object.entries(fields)
    .filter(([field]) => field === "scopes" || field.startsWith("scopes."))
    .flatMap(([, messages]) => messages);

  return (
    <details
      className="api-keys__create"
      open={open}
      onToggle={(event) => {
        const details = event.currentTarget;
        setOpen(details.open);
        // Opened: start on the name. The summary hides while open, so it is not where focus stays.
        if (details.open) details.querySelector<HTMLInputElement>("input[name=name]")?.focus();
      }}
    >
      <summary className="button button--primary" ref={summaryRef}>
        Create a {noun}
      </summary>
      <form className="api-keys__form" onSubmit={(event) => void create(event)} noValidate>
        <FormAlert message={problem} />
        <Field label="Name" name="name" required maxLength={80} placeholder="Zapier" errors={fields.name} hint="Say what uses it, so you know which to revoke later." />
        <fieldset className="api-keys__scopes" aria-describedby={scopeErrors.length ? scopesErrorId : undefined}>
          <legend>What it may do</legend>
          {apiScopes.map((scope) => (
            <label className="api-keys__scope" key={scope}>
              <input type="checkbox" name="scopes" value={scope} defaultChecked={scope === "read"} />
              <span>
                <strong>{apiScopeLabels[scope].label}</strong> <span className="muted">{apiScopeLabels[scope].detail}</span>
              </span>
            </label>
          ))}
          {scopeErrors.length ? (
            <p className="field__error" id={scopesErrorId}>
              Scopes {scopeErrors.join(", ")}
            </p>
          ) : null}
        </fieldset>
        <SelectField label="Expires" name="expires_in_days" defaultValue="" errors={fields.expires_in_days}>
          {EXPIRIES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </SelectField>
        <div className="api-keys__form-actions">
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? "Creating…" : `Create ${noun}`}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              setOpen(false);
              requestAnimationFrame(() => summaryRef.current?.focus());
            }}
          >
            Cancel
          </button>
        </div>
      </form>
    </details>
  );
}
