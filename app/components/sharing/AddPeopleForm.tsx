import { useId, useState, type FormEvent, type KeyboardEvent } from "react";
import type { AccessLevel } from "../../../core/enums";
import { FormAlert } from "../ui/Field";
import { CloseIcon } from "../ui/icons";
import { addRecipient, recipientFromText, recipientKey, suggestRecipients, type Group, type Person, type Recipient, type ShareOptions } from "./recipients";
import { LEVEL_LABELS } from "./types";

interface AddPeopleFormProps {
  people: Person[];
  groups: Group[];
  /** Levels this person may hand out (owner only for owners). */
  levels: AccessLevel[];
  onShare: (recipients: Recipient[], options: ShareOptions) => Promise<string | null>;
}

/**
 * "Add people": colleagues and groups by name (suggested as you type), anyone else by email
 * address (they get a guest invitation), one access level, a note and an optional read
 * receipt. Enter or a comma turns what was typed into a chip.
 */
export function AddPeopleForm({ people, groups, levels, onShare }: AddPeopleFormProps) {
  const [recipients, setRecipients] = useState<Recipient[]>([]);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const [permission, setPermission] = useState<AccessLevel>("read");
  const [message, setMessage] = useState("");
  const [readReceipt, setReadReceipt] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const ids = { input: useId(), list: useId(), level: useId(), message: useId(), hint: useId() };
  const suggestions = suggestRecipients(query, people, groups, recipients);

  const choose = (recipient: Recipient) => {
    setRecipients((list) => addRecipient(list, recipient));
    setQuery("");
    setActive(0);
    setError(null);
  };

  const typedText = () => query.trim().replace(/[,;]$/, "");

  /** Turns the typed text into a chip; false (with a message) when it names nobody. */
  const commitTyped = () => {
    const text = typedText();
    if (!text) return true;
    const recipient = recipientFromText(text, people, groups);
    if (!recipient) {
      setError(`"${text}" is not a colleague, a group or an email address.`);
      return false;
    }
    choose(recipient);
    return true;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" && suggestions.length) {
      event.preventDefault();
      setActive((index) => (index + 1) % suggestions.length);
    } else if (event.key === "ArrowUp" && suggestions.length) {
      event.preventDefault();
      setActive((index) => (index - 1 + suggestions.length) % suggestions.length);
    } else if (event.key === "Enter" && query.trim()) {
      event.preventDefault();
      const picked = suggestions[active];
      if (picked) choose(picked);
      else commitTyped();
    } else if ((event.key === "," || event.key === ";") && query.trim()) {
      event.preventDefault();
      commitTyped();
    } else if (event.key === "Backspace" && !query && recipients.length) {
      setRecipients((list) => list.slice(0, -1));
    } else if (event.key === "Escape" && query) {
      // Clear the box rather than close the dialog.
      event.preventDefault();
      event.stopPropagation();
      setQuery("");
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!commitTyped()) return;
    // The chip just made from the box is not in `recipients` until the next render.
    const typed = typedText() ? recipientFromText(typedText(), people, groups) : null;
    const list = typed ? addRecipient(recipients, typed) : recipients;
    if (list.length === 0) {
      setError("Add at least one person, group or email address.");
      return;
    }
    setBusy(true);
    setError(null);
    setNotice(null);
    const failure = await onShare(list, { permission, readReceipt, message });
    setBusy(false);
    if (failure) {
      setError(failure);
      return;
    }
    setNotice(`Shared with ${list.map((r) => r.label).join(", ")}.`);
    setRecipients([]);
    setMessage("");
    setReadReceipt(false);
  };

  const listOpen = suggestions.length > 0;
  return (
    <form className="share-add" onSubmit={submit} aria-label="Add people">
      <label className="field__label" htmlFor={ids.input}>
        Add people, groups or emails
      </label>
      <div className="share-add__combo">
        <div className="share-add__box" data-invalid={error ? true : undefined}>
          <ul className="share-add__chips" aria-label="Chosen">
            {recipients.map((recipient) => (
              <li key={recipientKey(recipient)} className="share-chip" data-kind={recipient.kind}>
                <span>{recipient.label}</span>
                <button
                  type="button"
                  className="share-chip__remove"
                  aria-label={`Remove ${recipient.label}`}
                  onClick={() => setRecipients((list) => list.filter((entry) => recipientKey(entry) !== recipientKey(recipient)))}
                >
                  <CloseIcon width={14} height={14} aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
          <input
            id={ids.input}
            className="share-add__input"
            role="combobox"
            aria-expanded={listOpen}
            aria-controls={ids.list}
            aria-autocomplete="list"
            aria-activedescendant={listOpen ? `${ids.list}-${active}` : undefined}
            aria-describedby={ids.hint}
            autoComplete="off"
            // The dialog opens on this box once the list has loaded.
            autoFocus
            value={query}
            placeholder={recipients.length ? "" : "Name, group or email"}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
              setError(null);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => {
              // An address typed and left is kept; a name that matches nobody stays to be fixed.
              if (query.trim() && recipientFromText(query, people, groups)) commitTyped();
            }}
          />
        </div>
        <ul id={ids.list} role="listbox" className="share-add__suggestions" hidden={!listOpen} aria-label="Suggestions">
          {suggestions.map((recipient, index) => (
            <li
              key={recipientKey(recipient)}
              id={`${ids.list}-${index}`}
              role="option"
              aria-selected={index === active}
              className="share-add__option"
              // mousedown, not click: the input keeps focus and does not commit its text first.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(recipient);
              }}
            >
              <span className="share-add__option-name">{recipient.label}</span>
              <span className="share-add__option-detail">
                {recipient.kind === "user" ? recipient.email : recipient.kind === "group" ? "Group" : "Invite by email"}
              </span>
            </li>
          ))}
        </ul>
      </div>
      <p id={ids.hint} className="field__hint">
        Someone outside the workspace gets an email inviting them in as a guest.
      </p>

      <div className="share-add__row">
        <label className="share-add__level">
          <span className="visually-hidden">Access level</span>
          <select className="input input--compact" value={permission} onChange={(event) => setPermission(event.target.value as AccessLevel)}>
            {levels.map((level) => (
              <option key={level} value={level}>
                {LEVEL_LABELS[level]}
              </option>
            ))}
          </select>
        </label>
        <label className="share-add__receipt">
          <input type="checkbox" checked={readReceipt} onChange={(event) => setReadReceipt(event.target.checked)} />
          <span>Ask to confirm they read it</span>
        </label>
      </div>
      <label className="field__label" htmlFor={ids.message}>
        Message <span className="field__optional">Optional</span>
      </label>
      <textarea
        id={ids.message}
        className="input input--textarea"
        rows={2}
        maxLength={5000}
        value={message}
        placeholder="Add a note to the email"
        onChange={(event) => setMessage(event.target.value)}
      />
      <FormAlert message={error} />
      <FormAlert message={notice} tone="info" />
      <div className="share-add__actions">
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined}>
          {busy ? "Sharing…" : "Share"}
        </button>
      </div>
    </form>
  );
}
