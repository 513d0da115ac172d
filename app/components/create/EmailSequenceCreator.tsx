import { count } from "../../../core/counting";
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { EmailDraft, EmailSequenceKind } from "../../../core/contracts/content";
import { slugify } from "../../../core/slug";
import { api, ApiError } from "~/lib/api";
import { downloadHtml, emailHtml } from "./emailExport";
import { SendTestButton, SendToMailchimp } from "./EmailSequenceSend";
import { GenerationProgress } from "./GenerationProgress";
import { useGeneration } from "./useGeneration";
import { BrandKitField } from "./BrandKitField";

interface Props {
  kind: EmailSequenceKind;
  workspace: { id: number; name: string };
  kits: { id: number; name: string; isDefault: boolean }[];
}

type Done = { result: { emails: EmailDraft[] }; sequence: { id: number }; notes: string[] };

const TODAY_PLUS = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * `/create/nurture-email-sequence` and `/create/promo-email-sequence`: a brief, the
 * sequence streamed as it is written, then each email editable (subject, preview, body),
 * saved, and exportable as HTML.
 */
export function EmailSequenceCreator({ kind, workspace, kits }: Props) {
  const defaultKit = kits.find((k) => k.isDefault);
  const [brief, setBrief] = useState({ topic: "", audience: "", count: 5, cadence: 3, goal: "", offer: "", deadline: TODAY_PLUS(7), kit: defaultKit ? String(defaultKit.id) : "" });
  const run = useGeneration<Done>(workspace.id);
  const [emails, setEmails] = useState<EmailDraft[] | null>(null);
  const [save, setSave] = useState<{ state: "idle" | "saving" | "saved" | "failed"; message?: string }>({ state: "idle" });
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (run.phase === "done" && run.result) {
      setEmails(run.result.result.emails);
      heading.current?.focus();
    }
  }, [run.phase, run.result]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setEmails(null);
    setSave({ state: "idle" });
    const common = { topic: brief.topic, audience: brief.audience, count: brief.count, cadence_days: brief.cadence, ...(brief.kit ? { brand_kit_id: Number(brief.kit) } : {}) };
    void run.start({ kind: "email_sequence", brief: kind === "nurture" ? { kind, ...common, goal: brief.goal } : { kind, ...common, offer: brief.offer, deadline: brief.deadline } });
  };

  const saveEdits = async () => {
    if (!emails || !run.result) return;
    setSave({ state: "saving" });
    try {
      await api.patch(`/email_sequences/${run.result.sequence.id}`, { emails });
      setSave({ state: "saved" });
    } catch (error) {
      setSave({ state: "failed", message: error instanceof ApiError ? error.problem.message : "Couldn't save. Try again." });
    }
  };

  const field = (name: string) => run.fields[`brief.${name}`]?.[0];
  const title = kind === "nurture" ? "Nurture email sequence" : "Promo email sequence";

  if (emails && run.result) {
    // What was generated is saved; an edit is not until "Save changes".
    const unsaved = save.state !== "saved" && emails !== run.result.result.emails;
    return (
      <section className="create-card" aria-labelledby="sequence-title">
        <h1 id="sequence-title" ref={heading} tabIndex={-1} className="create-card__title">
          {count(emails.length, "email")} for “{brief.topic}”
        </h1>
        {run.notes.length ? (
          <ul className="create-notes" aria-label="What the guardrails changed">
            {run.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        ) : null}
        <ol className="email-list">
          {emails.map((email, index) => {
            const update = (patch: Partial<EmailDraft>) => (setEmails(emails.map((e, i) => (i === index ? { ...e, ...patch } : e))), setSave({ state: "idle" }));
            return (
              <li key={index} className="email-card">
                <p className="email-card__day">Email {index + 1} · day {email.send_day}</p>
                <label className="field">
                  <span className="field__label">Subject</span>
                  <input className="input" value={email.subject} maxLength={200} onChange={(e) => update({ subject: e.target.value })} />
                </label>
                <label className="field">
                  <span className="field__label">Preview text</span>
                  <input className="input" value={email.preview} maxLength={300} onChange={(e) => update({ preview: e.target.value })} />
                </label>
                <label className="field">
                  <span className="field__label">Body</span>
                  <textarea className="input" rows={8} value={email.body} onChange={(e) => update({ body: e.target.value })} />
                </label>
                <div className="create-actions">
                  <button type="button" className="button button--small" onClick={() => downloadHtml(`${slugify(email.subject) || `email-${index + 1}`}.html`, emailHtml(email, location.origin))}>
                    Export HTML
                  </button>
                  <SendTestButton sequenceId={run.result!.sequence.id} position={index} unsaved={unsaved} />
                </div>
              </li>
            );
          })}
        </ol>
        <SendToMailchimp sequenceId={run.result.sequence.id} workspaceId={workspace.id} unsaved={unsaved} />
        <div className="create-actions">
          <p className="create-save" role="status">
            {save.state === "saving" ? "Saving…" : save.state === "saved" ? "Saved." : save.state === "failed" ? save.message : ""}
          </p>
          <button type="button" className="button" onClick={() => (run.reset(), setEmails(null))}>
            New brief
          </button>
          <button type="button" className="button button--primary" onClick={() => void saveEdits()} disabled={save.state === "saving"}>
            Save changes
          </button>
        </div>
      </section>
    );
  }

  return (
    <form className="create-card" onSubmit={submit} noValidate aria-busy={run.phase === "streaming"}>
      <h1 ref={heading} tabIndex={-1} className="create-card__title">
        {title}
      </h1>
      <p className="create-card__lead">
        {kind === "nurture" ? "Warm readers up over a few emails and lead them to one goal." : "Announce an offer and count down to its deadline."}
      </p>
      <label className="field">
        <span className="field__label">Topic</span>
        <input className="input" value={brief.topic} maxLength={300} onChange={(e) => setBrief({ ...brief, topic: e.target.value })} placeholder="e.g. Getting started with meal prep" />
        {field("topic") ? <span className="field__error">Topic {field("topic")}</span> : null}
      </label>
      {kind === "nurture" ? (
        <label className="field">
          <span className="field__label">Goal</span>
          <input className="input" value={brief.goal} maxLength={300} onChange={(e) => setBrief({ ...brief, goal: e.target.value })} placeholder="e.g. Start a free trial" />
          {field("goal") ? <span className="field__error">Goal {field("goal")}</span> : null}
        </label>
      ) : (
        <>
          <label className="field">
            <span className="field__label">Offer</span>
            <input className="input" value={brief.offer} maxLength={300} onChange={(e) => setBrief({ ...brief, offer: e.target.value })} placeholder="e.g. 20% off the first box" />
            {field("offer") ? <span className="field__error">Offer {field("offer")}</span> : null}
          </label>
          <label className="field">
            <span className="field__label">Deadline</span>
            <input className="input" type="date" value={brief.deadline} onChange={(e) => setBrief({ ...brief, deadline: e.target.value })} />
            {field("deadline") ? <span className="field__error">Deadline {field("deadline")}</span> : null}
          </label>
        </>
      )}
      <label className="field">
        <span className="field__label">Audience</span>
        <input className="input" value={brief.audience} maxLength={300} onChange={(e) => setBrief({ ...brief, audience: e.target.value })} placeholder="e.g. new subscribers" />
      </label>
      <div className="create-row">
        <label className="field">
          <span className="field__label">Number of emails</span>
          <input className="input" type="number" min={1} max={10} value={brief.count} onChange={(e) => setBrief({ ...brief, count: Number(e.target.value) })} />
        </label>
        <label className="field">
          <span className="field__label">Days between emails</span>
          <input className="input" type="number" min={1} max={30} value={brief.cadence} onChange={(e) => setBrief({ ...brief, cadence: Number(e.target.value) })} />
        </label>
      </div>
      <BrandKitField workspaceId={workspace.id} kits={kits} value={brief.kit} onChange={(kit) => setBrief({ ...brief, kit })} uses="emails" />
      {Object.keys(run.fields).length && !field("topic") && !field("goal") && !field("offer") && !field("deadline") ? <p className="field__error">{run.error}</p> : null}
      <div className="create-actions">
        <button type="submit" className="button button--primary" disabled={run.phase === "streaming" || brief.topic.trim().length < 3}>
          Write the emails
        </button>
      </div>
      <GenerationProgress run={run} label="Writing the emails" onRetry={() => submit()} onBack={() => run.reset()} />
    </form>
  );
}
