import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { $dfs } from "@lexical/utils";
import { useEffect, useId, useState } from "react";
import { $acceptChanges, $isChangeMark, $rejectChanges, $trackedChanges, type TrackedChange } from "../../../core/editor/track-changes";
import { formatMoment } from "~/lib/format";

interface ChangesPanelProps {
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
};

const excerpt = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

/**
 * The document's tracked changes, read from the editor itself (they are marks in the
 * document, so this list is as live as the text): who changed what and when, with accept
 * and reject for editors, "Withdraw" for the author of a suggestion, and all at once.
 * Settling is an edit like any other, so it reaches everyone through the room.
 */
export function ChangesPanel({ userId, canReview, canSuggest }: ChangesPanelProps) {
  const [editor] = useLexicalComposerContext();
  const [changes, setChanges] = useState<TrackedChange[]>([]);
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

  const settle = (uuids: string[] | null, accept: boolean) =>
    editor.update(() => void (accept ? $acceptChanges(uuids && new Set(uuids)) : $rejectChanges(uuids && new Set(uuids))));

  /** Brings the change into view and puts the caret at it. */
  const show = (uuid: string) =>
    editor.update(() => {
      for (const { node } of $dfs()) {
        if (!$isChangeMark(node) || node.getFields().uuid !== uuid) continue;
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
                <button type="button" className="button button--primary" onClick={() => settle(null, true)}>
                  Accept all
                </button>
                <button type="button" className="button" onClick={() => settle(null, false)}>
                  Reject all
                </button>
              </>
            ) : canSuggest && mine.length > 0 ? (
              <button type="button" className="button" onClick={() => settle(mine, false)}>
                Withdraw my suggestions
              </button>
            ) : null}
          </div>
        ) : null}
      </header>
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
                  <span className="change__kind">{KIND_LABEL[change.kind]}</span> <q className="change__text">{excerpt(change.text)}</q>
                </button>
                <p className="change__who">
                  {change.userId === me ? "You" : (change.userName ?? "Someone")}
                  {change.createdAt ? <> · <time dateTime={change.createdAt}>{formatMoment(change.createdAt)}</time></> : null}
                </p>
                <div className="change__actions">
                  {canReview ? (
                    <>
                      <button type="button" className="button button--primary" onClick={() => settle([change.uuid], true)} aria-label={`Accept: ${KIND_LABEL[change.kind]} “${excerpt(change.text)}”`}>
                        Accept
                      </button>
                      <button type="button" className="button" onClick={() => settle([change.uuid], false)} aria-label={`Reject: ${KIND_LABEL[change.kind]} “${excerpt(change.text)}”`}>
                        Reject
                      </button>
                    </>
                  ) : canSuggest && change.userId === me ? (
                    <button type="button" className="button" onClick={() => settle([change.uuid], false)} aria-label={`Withdraw: ${KIND_LABEL[change.kind]} “${excerpt(change.text)}”`}>
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
