import { count } from "../../../core/counting";
import { Link } from "@remix-run/react";
import { useState } from "react";
import { TARGET_STATE_LABELS, type TargetState } from "../../../core/publishing/states";
import { api, ApiError } from "~/lib/api";
import { FormAlert } from "../ui/Field";
import { formatWhen, type Account, type Post } from "./types";

interface PostDetailsProps {
  post: Post;
  accounts: Account[];
  zone: string;
  canSchedule: boolean;
  /** The workspace's sandbox timeline page (a sandbox post's "URL" points there). */
  sandboxHref: string;
  onEdit: () => void;
  onChanged: (post: Post | null, message: string) => void;
}

export function StateBadge({ state }: { state: TargetState }) {
  return <span className={`state-badge state-badge--${state}`}>{TARGET_STATE_LABELS[state]}</span>;
}

/** One post: where it goes, each account's state with the network's words and what to do, and the actions. */
export function PostDetails({ post, accounts, zone, canSchedule, sandboxHref, onEdit, onChanged }: PostDetailsProps) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const open = post.targets.some((t) => ["draft", "scheduled", "failed", "missed"].includes(t.state));

  async function act(action: "publish_now" | "cancel" | "duplicate" | "delete") {
    if (action === "delete" && !window.confirm("Delete this post? Accounts it was already published to keep it.")) return;
    setBusy(action);
    setError(null);
    try {
      if (action === "delete") {
        await api.delete(`/posts/${post.id}`);
        onChanged(null, "Post deleted.");
      } else {
        const { data } = await api.post<{ data: Post }>(`/posts/${post.id}/${action}`);
        onChanged(data, action === "publish_now" ? "Publishing now…" : action === "cancel" ? "Post cancelled." : "Duplicated as a draft.");
      }
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.problem.message : "Something went wrong. Try again.");
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="post-details">
      <FormAlert message={error} />
      <p className="post-details__text">{post.text || <em>No text</em>}</p>
      <p className="muted">
        {formatWhen(post.publish_at, zone)} ({zone})
      </p>
      <ul className="post-details__targets">
        {post.targets.map((target) => {
          const account = accounts.find((a) => a.id === target.account_id);
          return (
            <li key={target.id} className="target-row" data-state={target.state}>
              <div className="target-row__head">
                <strong>{account?.display_name ?? "Removed account"}</strong> <span className="muted">{account?.network_label}</span> <StateBadge state={target.state} />
              </div>
              {target.state === "published" && target.network_url ? (
                <p>
                  Published {formatWhen(target.published_at, zone)}
                  {target.attempts > 1 ? ` after ${count(target.attempts, "attempt")}` : ""} ·{" "}
                  {account?.is_sandbox ? (
                    // The sandbox's URLs look like a network's but live here: its timeline page.
                    <Link to={`${sandboxHref}#post-${target.network_post_id}`}>View on the sandbox timeline</Link>
                  ) : (
                    <a href={target.network_url} target="_blank" rel="noreferrer">
                      View post
                    </a>
                  )}{" "}
                  <span className="muted">id {target.network_post_id}</span>
                </p>
              ) : null}
              {target.error_message ? <p className={target.state === "failed" || target.state === "missed" ? "field__error" : "muted"}>{target.error_message}</p> : null}
              {target.error_hint ? <p className="muted">{target.error_hint}</p> : null}
              {target.state === "scheduled" && target.next_attempt_at ? <p className="muted">Next try {formatWhen(target.next_attempt_at, zone)}</p> : null}
            </li>
          );
        })}
      </ul>
      {canSchedule ? (
        <div className="composer__actions">
          {open ? (
            <button type="button" className="button button--primary" onClick={onEdit} disabled={busy !== null}>
              Edit
            </button>
          ) : null}
          {open ? (
            <button type="button" className="button" onClick={() => void act("publish_now")} disabled={busy !== null} aria-busy={busy === "publish_now" || undefined}>
              Publish now
            </button>
          ) : null}
          <button type="button" className="button" onClick={() => void act("duplicate")} disabled={busy !== null}>
            Duplicate
          </button>
          {open ? (
            <button type="button" className="button" onClick={() => void act("cancel")} disabled={busy !== null}>
              Cancel post
            </button>
          ) : null}
          <button type="button" className="button button--danger" onClick={() => void act("delete")} disabled={busy !== null}>
            Delete
          </button>
        </div>
      ) : null}
    </div>
  );
}
