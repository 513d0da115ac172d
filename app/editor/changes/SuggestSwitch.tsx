import { shortcutText, SHORTCUTS } from "../shortcuts";

/**
 * For comment access: editing as suggestions. Off, the document reads as it is; on, typing
 * and deleting become tracked changes the editors accept or reject (the room refuses any
 * other edit from a commenter).
 */
export function SuggestSwitch({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  return (
    <div className="suggest-switch">
      <button type="button" className={`button${on ? " button--primary" : ""}`} aria-pressed={on} onClick={() => onChange(!on)}>
        {on ? "Suggesting" : "Suggest edits"}
      </button>
      <p className="suggest-switch__hint muted">
        {on ? `Your edits show as suggestions for the editors to accept. Make a heading with ${shortcutText(SHORTCUTS.heading1.keys)} to ${shortcutText(SHORTCUTS.heading6.keys)}, text again with ${shortcutText(SHORTCUTS.paragraph.keys)}. Enter starts a new paragraph and Backspace at a paragraph's start joins it to the one before, both as suggestions; lists, line breaks, indent and alignment are not available.` : "You can comment. Suggest edits to propose changes to the text."}
      </p>
    </div>
  );
}
