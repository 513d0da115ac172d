import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import type { QuoteSelector } from "../../../core/contracts/comments";
import type { CommentJson, CommentThreadJson } from "../../../worker/presenters/comments";
import { FormAlert } from "../ui/Field";
import { api, ApiError } from "~/lib/api";
import { formatMoment } from "~/lib/format";
import { useLiveChannel } from "~/lib/live";
import { indexText, paintHighlights, quoteOfSelection, rangeOfThread } from "./anchors";

interface Person {
  id: number;
  name: string;
}

interface CommentsPanelProps {
  articleId: number;
  workspaceId: number;
  password: string | null;
  /** Comment access and above (the API decides again). */
  canComment: boolean;
  /** The thread to open first (`?comment=` from an inbox item). */
  initialThreadId: number | null;
  /** Where the document's text is on the page (the live editor, or the stored view before it loads). */
  bodyRoot: () => Element | null;
}

type Filter = "open" | "resolved" | "all";

/**
 * The active thread once the list has moved on (SPEC section 4): none when it was deleted, or
 * when it was open and is now resolved (by you, or by someone else live). A thread that was
 * already resolved when it became active (arriving from the inbox) stays active.
 */
export function activeAfter(active: number | null, before: CommentThreadJson[] | null, after: CommentThreadJson[]): number | null {
  if (active === null) return null;
  const now = after.find((thread) => thread.id === active);
  if (!now) return null;
  const was = before?.find((thread) => thread.id === active);
  return now.resolved_at && was && !was.resolved_at ? null : active;
}

/**
 * Comments beside a document: threads on quoted text (highlighted in the document) or on the
 * whole document, replies, @mentions, resolve and reopen, pin, edit and delete. Changes by
 * anyone arrive live through the document's channel; the API is the judge of who may do what.
 * A thread someone else wrote in since you last read it shows as New; opening it reads it.
 */
export function CommentsPanel({ articleId, workspaceId, password, canComment, initialThreadId, bodyRoot }: CommentsPanelProps) {
  const [threads, setThreads] = useState<CommentThreadJson[] | null>(null);
  const [filter, setFilter] = useState<Filter>("open");
  const [active, setActive] = useState<number | null>(initialThreadId);
  const [problem, setProblem] = useState<string | null>(null);
  const [orphaned, setOrphaned] = useState<Set<number>>(new Set());
  const [people, setPeople] = useState<Person[]>([]);
  const [pendingQuote, setPendingQuote] = useState<QuoteSelector | null>(null);
  const [composing, setComposing] = useState(false);

  const load = useCallback(async () => {
    try {
      const { data } = await api.get<{ data: CommentThreadJson[] }>(`/articles/${articleId}/comments`, { articlePassword: password });
      setThreads(data);
      setProblem(null);
    } catch (failure) {
      setProblem(failure instanceof ApiError ? failure.problem.message : "Comments could not be loaded. Try again.");
    }
  }, [articleId, password]);

  useEffect(() => void load(), [load]);

  // Resolving or deleting the active thread clears it, and with it its highlight.
  const listed = useRef<CommentThreadJson[] | null>(null);
  useEffect(() => {
    if (!threads) return;
    const before = listed.current;
    listed.current = threads;
    setActive((current) => activeAfter(current, before, threads));
  }, [threads]);

  // Threads whose read mark is on its way, so focusing and clicking the same thread asks once.
  const marking = useRef(new Set<number>());
  const markRead = useCallback(
    async (thread: CommentThreadJson, read = true) => {
      if (marking.current.has(thread.id)) return;
      marking.current.add(thread.id);
      const swap = (next: (candidate: CommentThreadJson) => CommentThreadJson) =>
        setThreads((current) => current?.map((candidate) => (candidate.id === thread.id ? next(candidate) : candidate)) ?? null);
      // Shown at once; the answer (the thread as the API now sees it) replaces it.
      swap((candidate) => ({ ...candidate, read }));
      try {
        const { data } = await api.patch<{ data: CommentThreadJson }>(`/comments/${thread.id}`, { read }, { articlePassword: password });
        swap(() => data);
      } catch (failure) {
        swap((candidate) => ({ ...candidate, read: thread.read }));
        setProblem(failure instanceof ApiError ? failure.problem.message : "That did not work. Try again.");
      } finally {
        marking.current.delete(thread.id);
      }
    },
    [password],
  );
  /** Opening a thread (selecting it, focusing into it, arriving at it from the inbox) reads it. */
  const openThread = useCallback((thread: CommentThreadJson) => {
    if (!thread.read) void markRead(thread);
  }, [markRead]);

  // Arriving from an inbox item (`?comment=`): bring that thread into view once it is listed.
  const shownInitial = useRef(false);
  useEffect(() => {
    if (shownInitial.current || !threads || initialThreadId === null) return;
    shownInitial.current = true;
    const thread = threads.find((candidate) => candidate.id === initialThreadId);
    if (thread?.resolved_at) setFilter("all");
    if (thread) requestAnimationFrame(() => document.getElementById(`comment-${thread.id}`)?.scrollIntoView({ block: "nearest" }));
    else setProblem("That comment is no longer here: it was deleted.");
    if (thread) openThread(thread);
  }, [threads, initialThreadId, openThread]);
  const live = useLiveChannel({ ticketPath: `/articles/${articleId}/live_ticket`, socketPath: `/articles/${articleId}/live`, articlePassword: password }, () => void load());

  // People to @mention: the workspace's members (a guest may not list them; then no suggestions).
  useEffect(() => {
    if (!canComment) return;
    api
      .get<{ data: Person[] }>(`/w/${workspaceId}/members`, { query: { per_page: 100 } })
      .then(({ data }) => setPeople(data))
      .catch(() => setPeople([]));
  }, [workspaceId, canComment]);

  // Highlights follow the text: painted again when the threads or the document change.
  useEffect(() => {
    if (!threads) return;
    let frame = 0;
    const paint = () => {
      const root = bodyRoot();
      if (!root) return;
      const index = indexText(root);
      const lost = new Set<number>();
      const ranges: Range[] = [];
      let activeRange: Range | null = null;
      for (const thread of threads) {
        if (!thread.quote || thread.resolved_at) continue;
        const range = rangeOfThread(root, index, thread);
        if (!range) lost.add(thread.id);
        else if (thread.id === active) activeRange = range;
        else ranges.push(range);
      }
      paintHighlights("comments", ranges);
      paintHighlights("comment-active", activeRange ? [activeRange] : []);
      setOrphaned((before) => (before.size === lost.size && [...lost].every((id) => before.has(id)) ? before : lost));
    };
    paint();
    const root = bodyRoot();
    const observer = new MutationObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(paint);
    });
    if (root) observer.observe(root, { subtree: true, childList: true, characterData: true });
    // The editor replaces the stored view once it loads: look again shortly.
    const later = setTimeout(paint, 1500);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      clearTimeout(later);
      paintHighlights("comments", []);
      paintHighlights("comment-active", []);
    };
  }, [threads, active, bodyRoot]);

  const shown = useMemo(
    () => (threads ?? []).filter((thread) => (filter === "all" ? true : filter === "open" ? !thread.resolved_at : Boolean(thread.resolved_at))),
    [threads, filter],
  );
  const openCount = (threads ?? []).filter((thread) => !thread.resolved_at).length;
  const unreadCount = (threads ?? []).filter((thread) => !thread.read).length;

  const focusThread = (thread: CommentThreadJson) => {
    setActive(thread.id);
    openThread(thread);
    if (!thread.quote) return;
    const root = bodyRoot();
    const range = root ? rangeOfThread(root, indexText(root), thread) : null;
    range?.startContainer.parentElement?.scrollIntoView({ block: "center", behavior: "smooth" });
  };

  const startOnSelection = () => {
    const root = bodyRoot();
    const quote = root ? quoteOfSelection(root) : null;
    if (!quote) {
      setProblem("Select some text in the document first, then choose “Comment on selection”.");
      return;
    }
    setProblem(null);
    setPendingQuote(quote);
    setComposing(true);
  };

  const call = async (work: () => Promise<unknown>) => {
    try {
      await work();
      setProblem(null);
      await load();
      return true;
    } catch (failure) {
      setProblem(failure instanceof ApiError ? failure.problem.message : "That did not work. Try again.");
      return false;
    }
  };
  const options = { articlePassword: password };

  return (
    <aside className="comments" aria-labelledby="comments-heading">
      <header className="comments__head">
        <h2 id="comments-heading">
          Comments <span className="muted">{threads ? `${openCount} open` : ""}</span>
          {unreadCount > 0 ? <span className="comments__unread">{unreadCount} unread</span> : null}
        </h2>
        {/* Not a status region: the collab bar already announces the document's connection. */}
        <span className={`live-dot${live ? " live-dot--on" : ""}`}>{live ? "Updates live" : "Connecting…"}</span>
      </header>
      {canComment ? (
        <div className="comments__start">
          <button type="button" className="button button--primary" onMouseDown={(event) => event.preventDefault()} onClick={startOnSelection}>
            Comment on selection
          </button>
          <button type="button" className="button" onClick={() => {
              setPendingQuote(null);
              setComposing(true);
            }}>
            Comment on the document
          </button>
        </div>
      ) : (
        <p className="muted">You can read the comments here; ask for comment access to add your own.</p>
      )}
      <FormAlert message={problem} />
      {composing ? (
        <CommentComposer
          label={pendingQuote ? "Your comment on the selected text" : "Your comment on the document"}
          quote={pendingQuote}
          people={people}
          submitLabel="Comment"
          onCancel={() => setComposing(false)}
          onSubmit={async (body, mentionIds) => {
            const ok = await call(() => api.post(`/articles/${articleId}/comments`, { body, mention_ids: mentionIds, ...(pendingQuote ? { quote: pendingQuote } : {}) }, options));
            if (ok) setComposing(false);
            return ok;
          }}
        />
      ) : null}

      <div className="comments__filters" role="group" aria-label="Which comments">
        {(["open", "resolved", "all"] as const).map((value) => (
          <button key={value} type="button" aria-pressed={filter === value} className="comments__filter" onClick={() => setFilter(value)}>
            {value === "open" ? "Open" : value === "resolved" ? "Resolved" : "All"}
          </button>
        ))}
      </div>
      {threads === null && !problem ? <p className="muted">Loading comments…</p> : null}
      {threads && shown.length === 0 ? (
        <p className="muted">
          {filter === "resolved"
            ? "No resolved comments."
            : filter === "open" && (threads.length ?? 0) > 0
              ? "No open comments: the resolved ones are under Resolved."
              : canComment
                ? "No comments yet. Select text and comment on it, or comment on the whole document."
                : "No comments yet."}
        </p>
      ) : null}
      <ol className="comments__list" aria-label="Comment threads">
        {shown.map((thread) => (
          <Thread
            key={thread.id}
            thread={thread}
            active={thread.id === active}
            orphaned={orphaned.has(thread.id)}
            people={people}
            canComment={canComment}
            onFocus={() => focusThread(thread)}
            onOpen={() => openThread(thread)}
            onMarkRead={(read) => void markRead(thread, read)}
            call={call}
            articleId={articleId}
            options={options}
          />
        ))}
      </ol>
    </aside>
  );
}

interface ThreadProps {
  thread: CommentThreadJson;
  active: boolean;
  orphaned: boolean;
  people: Person[];
  canComment: boolean;
  onFocus: () => void;
  /** Focus moved into the thread or it was clicked: it is being read. */
  onOpen: () => void;
  onMarkRead: (read: boolean) => void;
  call: (work: () => Promise<unknown>) => Promise<boolean>;
  articleId: number;
  options: { articlePassword: string | null };
}

function Thread({ thread, active, orphaned, people, canComment, onFocus, onOpen, onMarkRead, call, articleId, options }: ThreadProps) {
  const [replying, setReplying] = useState(false);
  const pointing = useRef(false);
  const mayResolve = Boolean(thread.thread_policies["comments.resolve"]);
  // Only someone else's words can make a thread unread: with none, "Mark unread" would do nothing.
  const othersWrote = [thread, ...thread.replies].some((comment) => !comment.mine);
  return (
    <li
      className={`comment-thread${active ? " comment-thread--active" : ""}${thread.resolved_at ? " comment-thread--resolved" : ""}${thread.read ? "" : " comment-thread--unread"}`}
      id={`comment-${thread.id}`}
      // Focusable by click (not by Tab), so clicking anywhere in a thread opens it.
      tabIndex={-1}
      onPointerDown={() => void (pointing.current = true)}
      onKeyDown={() => void (pointing.current = false)}
      onFocus={(event) => {
        // A click opens it once it is done (below): marked read at mousedown, the thread's
        // "New" badge would go and move the button being clicked out from under the pointer.
        if (pointing.current) return;
        // Entering the thread, not moving between its buttons (else "Mark unread" would undo itself).
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onOpen();
      }}
      onClick={() => {
        pointing.current = false;
        onOpen();
      }}
    >
      {thread.quote ? (
        <button type="button" className="comment-thread__quote" onClick={onFocus} aria-label={`Show the text: ${thread.quote.exact}`}>
          <q>{thread.quote.exact}</q>
          {orphaned ? <span className="comment-badge">Text deleted</span> : null}
        </button>
      ) : (
        <p className="muted comment-thread__scope">On the whole document</p>
      )}
      <div className="comment-thread__badges">
        {thread.read ? null : (
          <span className="comment-badge comment-badge--new">
            New<span className="visually-hidden"> (unread)</span>
          </span>
        )}
        {thread.pinned ? <span className="comment-badge comment-badge--pinned">Important</span> : null}
        {thread.resolved_at ? <span className="comment-badge">Resolved{thread.resolved_by ? ` by ${thread.resolved_by.name}` : ""}</span> : null}
      </div>
      <CommentBody comment={thread} call={call} options={options} />
      {thread.replies.length > 0 ? (
        <ol className="comment-thread__replies" aria-label="Replies">
          {thread.replies.map((reply) => (
            <li key={reply.id}>
              <CommentBody comment={reply} call={call} options={options} />
            </li>
          ))}
        </ol>
      ) : null}
      <div className="comment-thread__actions">
        {canComment && !thread.resolved_at ? (
          <button type="button" className="link-button" onClick={() => setReplying(true)}>
            Reply
          </button>
        ) : null}
        {mayResolve ? (
          <>
            <button type="button" className="link-button" onClick={() => void call(() => api.patch(`/comments/${thread.id}`, { resolved: !thread.resolved_at }, options))}>
              {thread.resolved_at ? "Reopen" : "Resolve"}
            </button>
            <button type="button" className="link-button" aria-pressed={thread.pinned} onClick={() => void call(() => api.patch(`/comments/${thread.id}`, { pinned: !thread.pinned }, options))}>
              {thread.pinned ? "Unpin" : "Pin as important"}
            </button>
          </>
        ) : null}
        {!thread.read || othersWrote ? (
          <button type="button" className="link-button" onClick={() => onMarkRead(!thread.read)}>
            {thread.read ? "Mark unread" : "Mark read"}
          </button>
        ) : null}
      </div>
      {replying ? (
        <CommentComposer
          label={`Reply to ${thread.author?.name ?? "this comment"}`}
          quote={null}
          people={people}
          submitLabel="Reply"
          onCancel={() => setReplying(false)}
          onSubmit={async (body, mentionIds) => {
            const ok = await call(() => api.post(`/articles/${articleId}/comments`, { body, parent_id: thread.id, mention_ids: mentionIds }, options));
            if (ok) setReplying(false);
            return ok;
          }}
        />
      ) : null}
    </li>
  );
}

function CommentBody({ comment, call, options }: { comment: CommentJson; call: ThreadProps["call"]; options: ThreadProps["options"] }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(comment.body);
  return (
    <div className="comment">
      <p className="comment__meta">
        <strong>{comment.author?.name ?? "Someone who left"}</strong> <time dateTime={comment.created_at ?? undefined}>{formatMoment(comment.created_at)}</time>
        {comment.edited_at ? <span className="muted"> · edited</span> : null}
      </p>
      {editing ? (
        <form
          className="comment__edit"
          onSubmit={(event) => {
            event.preventDefault();
            void call(() => api.patch(`/comments/${comment.id}`, { body: text }, options)).then((ok) => ok && setEditing(false));
          }}
        >
          <label className="visually-hidden" htmlFor={`edit-${comment.id}`}>
            Edit your comment
          </label>
          <textarea id={`edit-${comment.id}`} className="input" rows={3} value={text} onChange={(event) => setText(event.target.value)} />
          <button type="submit" className="button button--small">
            Save
          </button>
          <button type="button" className="button button--small button--ghost" onClick={() => {
              setEditing(false);
              setText(comment.body);
            }}>
            Cancel
          </button>
        </form>
      ) : (
        <p className="comment__body">{comment.body}</p>
      )}
      <div className="comment__actions">
        {comment.policies["comments.update"] && !editing ? (
          <button type="button" className="link-button" onClick={() => setEditing(true)}>
            Edit
          </button>
        ) : null}
        {comment.policies["comments.delete"] ? (
          <button
            type="button"
            className="link-button"
            onClick={() => {
              if (window.confirm(comment.thread_id === null ? "Delete this comment and its replies?" : "Delete this reply?")) {
                void call(() => api.delete(`/comments/${comment.id}`, options));
              }
            }}
          >
            Delete
          </button>
        ) : null}
      </div>
    </div>
  );
}

interface ComposerProps {
  label: string;
  quote: QuoteSelector | null;
  people: Person[];
  submitLabel: string;
  onCancel: () => void;
  onSubmit: (body: string, mentionIds: number[]) => Promise<boolean>;
}

/** A comment box with @mentions: typing @ and a name offers the workspace's people; choosing one tells them. */
function CommentComposer({ label, quote, people, submitLabel, onCancel, onSubmit }: ComposerProps) {
  const [text, setText] = useState("");
  const [mentions, setMentions] = useState<Person[]>([]);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const typed = /(?:^|\s)@([\p{L}'-]*)$/u.exec(text.slice(0, field.current?.selectionStart ?? text.length));
  const suggestions = typed ? people.filter((person) => person.name.toLowerCase().includes(typed[1]!.toLowerCase())).slice(0, 6) : [];

  useEffect(() => field.current?.focus(), []);

  const choose = (person: Person) => {
    const caret = field.current?.selectionStart ?? text.length;
    const before = text.slice(0, caret).replace(/@([\p{L}'-]*)$/u, `@${person.name} `);
    setText(before + text.slice(caret));
    setMentions((current) => (current.some((p) => p.id === person.id) ? current : [...current, person]));
    field.current?.focus();
  };

  return (
    <form
      className="comment-composer"
      onSubmit={(event) => {
        event.preventDefault();
        if (!text.trim()) return;
        setBusy(true);
        // Only people still named in the text are told.
        const named = mentions.filter((person) => text.includes(`@${person.name}`)).map((person) => person.id);
        void onSubmit(text, named).then((ok) => {
          setBusy(false);
          if (ok) {
            setText("");
            setMentions([]);
          }
        });
      }}
    >
      {quote ? <q className="comment-composer__quote">{quote.exact}</q> : null}
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        ref={field}
        className="input"
        rows={3}
        value={text}
        maxLength={5000}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") onCancel();
          if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) event.currentTarget.form?.requestSubmit();
        }}
        placeholder="Write a comment; @ to mention someone"
      />
      {suggestions.length > 0 ? (
        <ul className="mention-list" aria-label="People to mention">
          {suggestions.map((person) => (
            <li key={person.id}>
              <button type="button" className="link-button" onMouseDown={(event) => event.preventDefault()} onClick={() => choose(person)}>
                {person.name}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="comment-composer__actions">
        <button type="submit" className="button button--primary button--small" disabled={busy || !text.trim()}>
          {busy ? "Sending…" : submitLabel}
        </button>
        <button type="button" className="button button--small button--ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
