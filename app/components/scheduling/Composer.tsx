import { useEffect, useMemo, useState, type FormEvent } from "react";
import type { UploadJson } from "../../../worker/presenters/uploads";
import { checkPost, countCharacters } from "../../../core/publishing/rules";
import { api, ApiError } from "~/lib/api";
import { FormAlert } from "../ui/Field";
import { MediaPicker, toChosen, type ChosenMedia } from "./MediaPicker";
import { PreviewMedia } from "./PreviewMedia";
import { type Account, type LimitsTable, type Post, type Schedule } from "./types";

interface ComposerProps {
  workspaceId: number;
  accounts: Account[];
  schedules: Schedule[];
  limits: LimitsTable;
  zone: string;
  /** `YYYY-MM-DDTHH:mm` in `zone`. */
  initialLocalTime: string;
  /** Editing an existing post (its version guards against lost updates). */
  post?: Post | null;
  /** The post's files as the page knows them (editing), so the limits check sees them from the start. */
  initialMedia?: ChosenMedia[];
  /** Text to start from (a document or a generated piece sent here with "Schedule"). */
  initialText?: string;
  /** The document this post comes from: the server checks it may be read (and, if the workspace says so, approved). */
  articleId?: number | null;
  onSaved: (post: Post, message: string) => void;
  onCancel: () => void;
}

/**
 * Compose or edit a post for several accounts: one shared text, optionally customised per
 * network, with each network's counter, thread preview and problems as you type (the same
 * rules the server enforces), then schedule, add to a queue, or keep as a draft. What only
 * the server can know (quotas, account state) comes back in the error message.
 */
export function Composer({ workspaceId, accounts, schedules, limits, zone, initialLocalTime, post, initialMedia = [], initialText = "", articleId = null, onSaved, onCancel }: ComposerProps) {
  const usable = accounts.filter((account) => account.state !== "disconnected");
  const [text, setText] = useState(post?.text ?? initialText);
  const [media, setMedia] = useState<ChosenMedia[]>(initialMedia);
  // Editing: the post holds file ids; read each (through its own read check) for names and sizes.
  useEffect(() => {
    const ids = post?.media ?? [];
    if (ids.length === 0 || initialMedia.length > 0) return;
    let cancelled = false;
    Promise.all(ids.map((id) => api.get<{ data: UploadJson }>(`/files/${id}`)))
      .then((files) => !cancelled && setMedia(files.map((file) => toChosen(file.data))))
      .catch(() => !cancelled && setError({ message: "Some of this post's files could not be read; remove them or choose others." }));
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [post?.id]);
  const [selected, setSelected] = useState<number[]>(post ? post.targets.map((t) => t.account_id) : usable.filter((a) => a.state === "active").slice(0, 1).map((a) => a.id));
  const [overrides, setOverrides] = useState<Record<number, string>>(() =>
    Object.fromEntries((post?.targets ?? []).filter((t) => t.text !== null).map((t) => [t.account_id, t.text!])),
  );
  const [localTime, setLocalTime] = useState(initialLocalTime);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<{ message: string; fields?: Record<string, string[]> } | null>(null);

  const targets = selected.map((id) => ({ account: usable.find((a) => a.id === id)!, text: overrides[id] })).filter((t) => t.account);
  const checks = useMemo(
    () => targets.map((target) => ({ ...target, check: checkPost(target.text ?? text, media, limits[target.account.network]!) })),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [text, media, overrides, selected.join(","), limits],
  );
  const queueSchedule = schedules.find((schedule) => selected.includes(schedule.account_id) && !schedule.paused);
  const hasProblems = checks.some((c) => c.check.problems.length > 0);

  const toggle = (id: number) => setSelected((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));

  async function save(mode: "schedule" | "draft" | "queue") {
    setBusy(mode);
    setError(null);
    const body = {
      text,
      targets: selected.map((id) => ({ account_id: id, text: overrides[id] ?? null })),
      media: media.map((item) => item.id),
      ...(articleId && !post ? { article_id: articleId } : {}),
      ...(mode === "queue" && queueSchedule ? { schedule_id: queueSchedule.id } : { local_time: localTime, time_zone: zone }),
      draft: mode === "draft",
    };
    try {
      const saved = post
        ? await api.patch<{ data: Post }>(`/posts/${post.id}`, { ...body, version: post.version })
        : await api.post<{ data: Post }>(`/w/${workspaceId}/posts`, body);
      onSaved(saved.data, mode === "draft" ? "Saved as a draft." : mode === "queue" ? "Added to the queue." : post ? "Post updated." : "Post scheduled.");
    } catch (failure) {
      if (failure instanceof ApiError) setError({ message: failure.problem.message, fields: failure.problem.fields });
      else setError({ message: "Something went wrong. Try again." });
    } finally {
      setBusy(null);
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save("schedule");
  };

  if (usable.length === 0) {
    return (
      <div className="composer">
        <p>Connect an account first: the Sandbox needs no keys and shows everything publishing does.</p>
        <button type="button" className="button" onClick={onCancel}>
          Close
        </button>
      </div>
    );
  }

  return (
    <form className="composer" onSubmit={submit} aria-busy={busy !== null || undefined}>
      <FormAlert message={error?.message} />
      <fieldset className="composer__accounts">
        <legend className="field__label">Post to</legend>
        {usable.map((account) => (
          <label key={account.id} className={`account-chip account-chip--${account.state}`}>
            <input type="checkbox" checked={selected.includes(account.id)} onChange={() => toggle(account.id)} />
            <span>{account.display_name}</span>
            <small>{account.network_label}{account.state !== "active" ? ` · needs reconnecting` : ""}</small>
          </label>
        ))}
      </fieldset>
      <label className="field">
        <span className="field__label">Text</span>
        <textarea className="input composer__text" rows={6} value={text} onChange={(event) => setText(event.target.value)} data-autofocus placeholder="What do you want to say?" />
      </label>
      <MediaPicker workspaceId={workspaceId} chosen={media} onChange={setMedia} />
      {error?.fields?.media ? <p className="field__error">{error.fields.media.join(" ")}</p> : null}
      {checks.map(({ account, check, text: own }) => {
        const limit = limits[account.network]!;
        return (
          <section key={account.id} className="composer__preview" aria-label={`Preview for ${account.display_name}`}>
            <header>
              <strong>{account.display_name}</strong> <span className="muted">{limit.label}{account.is_sandbox ? " (sandbox: nothing leaves Brandwork)" : ""}</span>
              <span className={`counter${check.characters > limit.characters ? " counter--over" : ""}`} aria-live="polite">
                {countCharacters((own ?? text).trim(), limit.count).toLocaleString("en")} / {limit.characters.toLocaleString("en")}
              </span>
              {limit.hashtags !== null ? (
                <span className="muted">
                  {check.hashtags} / {limit.hashtags} hashtags
                </span>
              ) : null}
            </header>
            {own !== undefined ? (
              <label className="field">
                <span className="field__label">Text for {limit.label}</span>
                <textarea className="input" rows={4} value={own} onChange={(event) => setOverrides((current) => ({ ...current, [account.id]: event.target.value }))} />
                <button type="button" className="link-button" onClick={() => setOverrides(({ [account.id]: _, ...rest }) => rest)}>
                  Use the shared text
                </button>
              </label>
            ) : (
              <button type="button" className="link-button" onClick={() => setOverrides((current) => ({ ...current, [account.id]: text }))}>
                Customise for {limit.label}
              </button>
            )}
            <PreviewMedia media={media} limits={limit} />
            {check.thread.length > 1 ? (
              <ol className="composer__thread" aria-label="Thread preview">
                {check.thread.map((part, index) => (
                  <li key={index}>{part}</li>
                ))}
              </ol>
            ) : null}
            {check.problems.map((problem) => (
              <p key={problem} className="field__error" role="alert">
                {problem}
              </p>
            ))}
          </section>
        );
      })}
      <label className="field">
        <span className="field__label">When ({zone})</span>
        <input className="input" type="datetime-local" value={localTime} onChange={(event) => setLocalTime(event.target.value)} required />
        {error?.fields?.publish_at ? <span className="field__error">{error.fields.publish_at.join(" ")}</span> : null}
      </label>
      <div className="composer__actions">
        <button type="submit" className="button button--primary" disabled={busy !== null || selected.length === 0 || hasProblems} aria-busy={busy === "schedule" || undefined}>
          {busy === "schedule" ? "Scheduling…" : post ? "Save and schedule" : "Schedule"}
        </button>
        {queueSchedule && !post ? (
          <button type="button" className="button" disabled={busy !== null || hasProblems} onClick={() => void save("queue")}>
            Add to queue ({queueSchedule.name})
          </button>
        ) : null}
        <button type="button" className="button" disabled={busy !== null || selected.length === 0} onClick={() => void save("draft")}>
          Save draft
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
