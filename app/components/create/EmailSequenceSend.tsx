import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { api, ApiError } from "~/lib/api";
import { integrationsPath, type CampaignDraftJson, type IntegrationCard } from "../integrations/types";
import { FormAlert } from "../ui/Field";

interface Audience {
  integration: IntegrationCard;
  campaigns: CampaignDraftJson[];
}

interface PushResult {
  position: number;
  subject: string;
  ok: boolean;
  campaign_id: string | null;
  url: string | null;
  recreated: boolean;
  error: string | null;
}

const problem = (failure: unknown) => (failure instanceof ApiError ? failure.problem.message : "Something went wrong. Try again.");

/**
 * "Send to Mailchimp": every email of the saved sequence as a campaign draft for an audience
 * the workspace connected (a second send updates the same drafts), with each email's result
 * and its link in Mailchimp.
 */
export function SendToMailchimp({ sequenceId, workspaceId, unsaved }: { sequenceId: number; workspaceId: number; unsaved: boolean }) {
  const [audiences, setAudiences] = useState<Audience[] | null>(null);
  const [chosen, setChosen] = useState<string>("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [results, setResults] = useState<PushResult[] | null>(null);

  useEffect(() => {
    api
      .get<{ data: Audience[] }>(`/email_sequences/${sequenceId}/mailchimp`)
      .then((answer) => {
        setAudiences(answer.data);
        setChosen((current) => current || String(answer.data[0]?.integration.id ?? ""));
      })
      .catch((failure: unknown) => setError(problem(failure)));
  }, [sequenceId]);

  const send = async () => {
    setBusy(true);
    setError(null);
    setResults(null);
    try {
      const answer = await api.post<{ data: { results: PushResult[] } }>(`/email_sequences/${sequenceId}/mailchimp`, { integration_id: Number(chosen) });
      setResults(answer.data.results);
    } catch (failure) {
      setError(problem(failure));
    } finally {
      setBusy(false);
    }
  };

  if (!audiences) return error ? <FormAlert message={error} /> : null;
  if (audiences.length === 0) {
    return (
      <section className="email-send" aria-label="Send to Mailchimp">
        <p>
          No Mailchimp audience is connected. <Link to={integrationsPath(workspaceId)}>Connect Mailchimp</Link> to send this sequence there as campaign drafts.
        </p>
      </section>
    );
  }
  const audience = audiences.find((a) => String(a.integration.id) === chosen);
  const sentBefore = Boolean(audience?.campaigns.length);
  return (
    <section className="email-send" aria-label="Send to Mailchimp">
      <div className="email-send__row">
        <label htmlFor="mailchimp-audience">Mailchimp audience</label>
        <select id="mailchimp-audience" className="input input--compact" value={chosen} onChange={(event) => setChosen(event.target.value)}>
          {audiences.map((a) => (
            <option key={a.integration.id} value={a.integration.id}>
              {a.integration.display_name}
              {a.integration.state === "needs_reauth" ? " (connect again)" : ""}
            </option>
          ))}
        </select>
        <button type="button" className="button" disabled={busy || unsaved} aria-busy={busy || undefined} onClick={() => void send()}>
          {busy ? "Sending…" : sentBefore ? "Update drafts in Mailchimp" : "Send to Mailchimp"}
        </button>
      </div>
      {unsaved ? <p className="muted">Save your changes first: the saved sequence is what goes to Mailchimp.</p> : null}
      <p className="muted">Each email becomes a campaign draft; nothing is sent to the audience until you send it in Mailchimp.</p>
      <FormAlert message={error} />
      {results ? (
        <ol className="email-send__results" aria-label="What Mailchimp answered">
          {results.map((result) => (
            <li key={result.position}>
              {result.subject}:{" "}
              {result.ok ? (
                <>
                  {result.recreated ? "made again (it had been deleted in Mailchimp)" : "draft ready"}
                  {result.url ? (
                    <>
                      {" · "}
                      <a href={result.url} target="_blank" rel="noreferrer">
                        Open in Mailchimp
                      </a>
                    </>
                  ) : null}
                </>
              ) : (
                <span className="field__error">{result.error}</span>
              )}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}

/** "Send me a test": one email of the saved sequence to the signed-in person. */
export function SendTestButton({ sequenceId, position, unsaved }: { sequenceId: number; position: number; unsaved: boolean }) {
  const [state, setState] = useState<{ busy: boolean; message: string | null }>({ busy: false, message: null });
  const send = async () => {
    setState({ busy: true, message: null });
    try {
      const answer = await api.post<{ data: { to: string; transport: string } }>(`/email_sequences/${sequenceId}/test_send`, { position });
      setState({ busy: false, message: answer.data.transport === "outbox" ? `Kept in the local outbox for ${answer.data.to} (no mail service is set up).` : `Sent to ${answer.data.to}.` });
    } catch (failure) {
      setState({ busy: false, message: problem(failure) });
    }
  };
  return (
    <>
      <button type="button" className="button button--small" disabled={state.busy || unsaved} title={unsaved ? "Save your changes first" : undefined} onClick={() => void send()}>
        {state.busy ? "Sending…" : "Send me a test"}
      </button>
      {state.message ? (
        <span className="muted" role="status">
          {state.message}
        </span>
      ) : null}
    </>
  );
}
