import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { $dfs } from "@lexical/utils";
import { $isElementNode } from "lexical";
import { useEffect, useId, useState } from "react";
import { MAIN_LAYER } from "../../../core/contracts/suggestions";
import { $breakChangeOf, $isChangeMark, $rejectChanges, $typeChangeOf, $trackedChanges, type TrackedChange } from "../../../core/editor/track-changes";
import { api, ApiError } from "~/lib/api";
import { formatMoment } from "~/lib/format";

interface ChangesPanelProps {
  articleId: number;
  /** Whose suggestions these are: the document (`main`) or a branch it is edited on. */
  layer?: string;
  /** The document's password, when it has one: the API asks for it on every call. */
  password: string | null;
  userId: number;
  /** Editors accept and reject anyone's changes. */
  canReview: boolean;
  /** Commenters suggest: they may withdraw their own changes. */
  canSuggest: boolean;
}

const KIND_LABEL: Record<TrackedChange["kind"], string> = {
  insertion: "Added",
  deletion: "Deleted",
  formatting_change: "Formatted",
  node_type_change: "Changed block type",
};
const DETAIL_LABEL: Record<NonNullable<TrackedChange["detail"]>, string> = {
  split: "New paragraph",
  join: "Joined paragraphs",
  align: "Changed alignment",
  indent: "Changed indent",
};
const labelOf = (change: TrackedChange) => (change.detail ? DETAIL_LABEL[change.detail] : KIND_LABEL[change.kind]);

const excerpt = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

/**
 * The document's tracked changes, read from the editor itself (they are marks in the
 * document, so this list is as live as the text): who changed what and when, with accept
 * and reject for editors, "Withdraw" for the author of a suggestion, and all at once.
 * Editors settle through the API (`bulk_accept`, `bulk_reject`), which settles in the room as
 * one edit everyone sees and records how each suggestion ended (merged or rejected), rather
 * than leaving the Worker to read it back from the saved bodies. A commenter withdrawing their
 * own words is an edit in the editor: the room takes it as theirs.
 */
export function ChangesPanel({ articleId, layer = MAIN_LAYER, password, userId, canReview, canSuggest }: ChangesPanelProps) {
  const [editor] = useLexicalComposerContext();
  const [changes, setChanges] = useState<TrackedChange[]>([]);
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(true);
  const headingId = useId();
  const me = String(userId);

  useEffect(() => {
    const read = () => setChanges(editor.getEditorState().read(() => $trackedChanges()));
    read();
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Read once typing pauses: walking the document on every keystroke is wasted work.
    const stop = editor.registerUpdateListener(({ dirtyElements, dirtyLeaves }) => {
      if (dirtyElements.size === 0 && dirtyLeaves.size === 0) return;
      clearTimeout(timer);
      timer = setTimeout(read, 150);
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [editor]);

  const withdraw = (uuids: string[]) => editor.update(() => void $rejectChanges(new Set(uuids)));

  const review = async (uuids: string[], accept: boolean) => {
    if (uuids.length === 0) return;
    setError(null);
    setPending((was) => new Set([...was, ...uuids]));
    try {
      const { data } = await api.post<{ data: { not_found: string[] } }>(
        `/articles/${articleId}/layers/${layer}/changes/${accept ? "bulk_accept" : "bulk_reject"}`,
        { uuids },
        { articlePassword: password },
      );
      if (data.not_found.length === uuids.length) setError("Those changes were already settled by someone else.");
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : `The changes could not be ${accept ? "accepted" : "rejected"}. Try again.`);
    } finally {
      setPending((was) => new Set([...was].filter((uuid) => !uuids.includes(uuid))));
    }
  };
  const all = changes.map((change) => change.uuid);
  const busy = (uuids: string[]) => uuids.some((uuid) => pending.has(uuid));

  /** Brings the change into view and puts the caret at it. */
  const show = (uuid: string) =>
    editor.update(() => {
      for (const { node } of $dfs()) {
        // A mark, or a block whose type or paragraph break changed.
        const found = $isChangeMark(node) ? node.getFields().uuid === uuid : $typeChangeOf(node)?.uuid === uuid || $breakChangeOf(node)?.uuid === uuid;
        if (!found || !$isElementNode(node)) continue;
        node.selectStart();
        editor.getElementByKey(node.getKey())?.scrollIntoView({ block: "center", behavior: "smooth" });
        return;
      }
    });

  const mine = changes.filter((change) => change.userId === me).map((change) => change.uuid);
  if (changes.length === 0 && !canReview && !canSuggest) return null;

  return (
    <section className="changes-panel" aria-labelledby={headingId} data-open={open ? "true" : "false"}>
      <header className="changes-panel__header">
        <h2 id={headingId} className="changes-panel__title">
          <button type="button" className="changes-panel__toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
            Changes <span className="changes-panel__count">{changes.length}</span>
          </button>
        </h2>
        {open && changes.length > 0 ? (
          <div className="changes-panel__bulk">
            {canReview ? (
              <>
                <button type="button" className="button button--primary" disabled={busy(all)} onClick={() => void review(all, true)}>
                  Accept all
                </button>
                <button type="button" className="button" disabled={busy(all)} onClick={() => void review(all, false)}>
                  Reject all
                </button>
              </>
            ) : canSuggest && mine.length > 0 ? (
              <button type="button" className="button" onClick={() => withdraw(mine)}>
                Withdraw my suggestions
              </button>
            ) : null}
          </div>
        ) : null}
      </header>
      {error ? (
        <p className="changes-panel__error" role="alert">
          {error}
        </p>
      ) : null}
      {open ? (
        changes.length === 0 ? (
          <p className="changes-panel__empty">
            {canReview
              ? "No tracked changes. Turn on Track changes in the toolbar to record edits for review."
              : "No suggestions yet. Choose Suggest edits, then type: your changes are shown to the editors to accept."}
          </p>
        ) : (
          <ol className="changes-panel__list">
            {changes.map((change) => (
              <li key={change.uuid} className="change" data-kind={change.kind}>
                <button type="button" className="change__what" onClick={() => show(change.uuid)}>
                  <span className="change__kind">{labelOf(change)}</span> <q className="change__text">{excerpt(change.text)}</q>
                </button>
                <p className="change__who">
                  {change.userId === me ? "You" : (change.userName ?? "Someone")}
                  {change.createdAt ? <> · <time dateTime={change.createdAt}>{formatMoment(change.createdAt)}</time></> : null}
                </p>
                <div className="change__actions">
                  {canReview ? (
                    <>
                      <button type="button" className="button button--primary" disabled={pending.has(change.uuid)} onClick={() => void review([change.uuid], true)} aria-label={`Accept: ${labelOf(change)} “${excerpt(change.text)}”`}>
                        Accept
                      </button>
                      <button type="button" className="button" disabled={pending.has(change.uuid)} onClick={() => void review([change.uuid], false)} aria-label={`Reject: ${labelOf(change)} “${excerpt(change.text)}”`}>
                        Reject
                      </button>
                    </>
                  ) : canSuggest && change.userId === me ? (
                    <button type="button" className="button" onClick={() => withdraw([change.uuid])} aria-label={`Withdraw: ${labelOf(change)} “${excerpt(change.text)}”`}>
                      Withdraw
                    </button>
                  ) : null}
                </div>
              </li>
            ))}
          </ol>
        )
      ) : null}
    </section>
  );
}
