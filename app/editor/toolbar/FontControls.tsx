import { useEffect, useId, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from "react";
import { CheckIcon } from "~/components/ui/icons";
import { DEFAULT_FONT_SIZE, DEFAULT_FONT_WEIGHT, type FontFamily } from "../../../core/document/fonts";
import { MarkPopover } from "./MarkPopover";
import {
  FONT_SIZE_HINT,
  FONT_SIZES,
  FONT_WEIGHTS,
  fontFamilyValue,
  fontWeightLabel,
  MAX_FONT_SIZE,
  MIN_FONT_SIZE,
  parseFontSize,
  searchFontFamilies,
  type TextStylePatch,
} from "./textMarks";

/**
 * The font family, size and weight controls of the floating toolbar. Each opens a list
 * (the family's with a search box, the size's with a box to type any size); choosing
 * "Default" removes the mark. A value set by some of the selected text but not all shows
 * as "Mixed".
 */

interface Option<T> {
  value: T;
  label: string;
  /** Shown after the label, muted ("400"). */
  detail?: string;
  style?: CSSProperties;
}

interface OptionEntry {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  inputMode?: "text" | "decimal";
  /** Enter in the box before any option was moved to; true when it was handled. */
  onSubmit?: (value: string) => boolean;
  error?: string | null;
}

interface OptionListProps<T> {
  /** The list's accessible name. */
  label: string;
  options: readonly Option<T>[];
  /** The current value; undefined when the selection mixes values. */
  selected: T | undefined;
  onPick: (value: T) => void;
  /** A box above the list: typing narrows it (fonts) or enters a value (sizes). */
  entry?: OptionEntry;
  /** Said when no option is left. */
  empty?: string;
}

/**
 * A listbox with an optional box above it (the ARIA combobox pattern: the box keeps focus
 * and points at the active option). Up and Down move, Enter picks; without a box the list
 * itself takes focus and Home, End and Space work too.
 */
function OptionList<T>({ label, options, selected, onPick, entry, empty }: OptionListProps<T>) {
  const listId = useId();
  const errorId = useId();
  const selectedIndex = options.findIndex((option) => option.value === selected);
  const [active, setActive] = useState(Math.max(0, selectedIndex));
  const [moved, setMoved] = useState(false);
  // Until an option is moved to, Enter in a box that takes its own value (a typed size)
  // submits the box; otherwise the active option is live and Enter picks it.
  const live = moved || !entry?.onSubmit;
  const entryRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  // A narrower list starts again at its first option.
  const optionsKey = options.map((option) => option.label).join("\n");
  const shownKey = useRef(optionsKey);
  useEffect(() => {
    if (shownKey.current === optionsKey) return;
    shownKey.current = optionsKey;
    setActive(0);
    setMoved(false);
  }, [optionsKey]);

  useEffect(() => {
    (entryRef.current ?? listRef.current)?.focus();
    entryRef.current?.select();
  }, []);

  useEffect(() => {
    document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [active, listId]);

  const move = (to: number) => {
    if (options.length === 0) return;
    setActive(Math.max(0, Math.min(options.length - 1, to)));
    setMoved(true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const key = event.key;
    if (key === "ArrowDown" || key === "ArrowUp") {
      event.preventDefault();
      move(live ? active + (key === "ArrowDown" ? 1 : -1) : active);
    } else if (!entry && (key === "Home" || key === "End")) {
      event.preventDefault();
      move(key === "Home" ? 0 : options.length - 1);
    } else if (key === "Enter" || (!entry && key === " ")) {
      event.preventDefault();
      if (!live && entry?.onSubmit?.(entry.value)) return;
      const option = options[active];
      if (option) onPick(option.value);
    }
  };

  const activeId = options[active] ? `${listId}-${active}` : undefined;
  return (
    <div className="mark-list">
      {entry ? (
        <>
          <input
            ref={entryRef}
            className="mark-input mark-list__entry"
            type="text"
            role="combobox"
            aria-label={entry.label}
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={live ? activeId : undefined}
            aria-invalid={entry.error ? true : undefined}
            aria-describedby={entry.error ? errorId : undefined}
            inputMode={entry.inputMode}
            autoComplete="off"
            spellCheck={false}
            placeholder={entry.placeholder}
            value={entry.value}
            onChange={(event) => entry.onChange(event.target.value)}
            onKeyDown={onKeyDown}
          />
          {entry.error ? (
            <p id={errorId} className="mark-error" role="alert">
              {entry.error}
            </p>
          ) : null}
        </>
      ) : null}
      <ul
        ref={listRef}
        id={listId}
        className="mark-list__options"
        role="listbox"
        aria-label={label}
        tabIndex={entry ? -1 : 0}
        aria-activedescendant={entry ? undefined : activeId}
        onKeyDown={entry ? undefined : onKeyDown}
      >
        {options.map((option, index) => (
          <li
            key={option.label}
            id={`${listId}-${index}`}
            className="mark-list__option"
            role="option"
            aria-selected={index === selectedIndex}
            data-active={live && index === active ? true : undefined}
            onClick={() => onPick(option.value)}
          >
            <span className="mark-list__label" style={option.style}>
              {option.label}
            </span>
            {option.detail ? <span className="mark-list__detail">{option.detail}</span> : null}
            <CheckIcon className="mark-list__check" aria-hidden="true" />
          </li>
        ))}
      </ul>
      {options.length === 0 && empty ? <p className="mark-list__empty">{empty}</p> : null}
    </div>
  );
}

interface ControlProps<T> {
  /** The value every selected character shares; undefined when unset or mixed. */
  value: T | undefined;
  mixed: boolean;
  onChange: (patch: TextStylePatch) => void;
}

export function FontFamilyControl({ value, mixed, onChange }: ControlProps<FontFamily>) {
  const shown = value ?? (mixed ? "Mixed" : "Default");
  return (
    <MarkPopover
      className="mark-control--family"
      label={`Font: ${value ?? (mixed ? "mixed" : "default")}`}
      title="Fonts"
      popup="listbox"
      face={
        <span className="mark-control__text" style={value ? { fontFamily: fontFamilyValue(value) } : undefined}>
          {shown}
        </span>
      }
    >
      {(close) => (
        <FontFamilyList
          selected={mixed ? undefined : (value ?? null)}
          onPick={(family) => {
            onChange({ fontFamily: family === null ? null : fontFamilyValue(family) });
            close();
          }}
        />
      )}
    </MarkPopover>
  );
}

function FontFamilyList({ selected, onPick }: { selected: FontFamily | null | undefined; onPick: (family: FontFamily | null) => void }) {
  const [query, setQuery] = useState("");
  const options = useMemo<Option<FontFamily | null>[]>(
    () => [
      ...(query.trim() ? [] : [{ value: null, label: "Default" }]),
      // Each family is shown in its own face, where the browser has it.
      ...searchFontFamilies(query).map((family) => ({ value: family, label: family, style: { fontFamily: fontFamilyValue(family) } })),
    ],
    [query],
  );
  return (
    <OptionList
      label="Fonts"
      options={options}
      selected={selected}
      onPick={onPick}
      entry={{ label: "Search fonts", placeholder: "Search fonts", value: query, onChange: setQuery }}
      empty={`No font matches “${query.trim()}”.`}
    />
  );
}

export function FontSizeControl({ value, mixed, onChange }: ControlProps<number>) {
  const shown = value ?? (mixed ? undefined : DEFAULT_FONT_SIZE);
  return (
    <MarkPopover
      className="mark-control--size"
      label={`Font size: ${shown ?? "mixed"}`}
      title="Font sizes"
      popup="listbox"
      face={<span className="mark-control__text">{shown ?? "–"}</span>}
    >
      {(close) => (
        <FontSizeList
          value={value}
          selected={mixed ? undefined : (value ?? null)}
          onPick={(size) => {
            onChange({ fontSize: size });
            close();
          }}
        />
      )}
    </MarkPopover>
  );
}

const SIZE_OPTIONS: readonly Option<number | null>[] = [
  { value: null, label: "Default", detail: String(DEFAULT_FONT_SIZE) },
  ...FONT_SIZES.map((size) => ({ value: size, label: String(size) })),
];

function FontSizeList({ value, selected, onPick }: { value: number | undefined; selected: number | null | undefined; onPick: (size: number | null) => void }) {
  const [typed, setTyped] = useState(value === undefined ? "" : String(value));
  const [error, setError] = useState<string | null>(null);
  return (
    <OptionList
      label="Font sizes"
      options={SIZE_OPTIONS}
      selected={selected}
      onPick={onPick}
      entry={{
        label: `Font size in pixels, ${MIN_FONT_SIZE} to ${MAX_FONT_SIZE}`,
        placeholder: String(DEFAULT_FONT_SIZE),
        value: typed,
        inputMode: "decimal",
        error,
        onChange: (next) => {
          setTyped(next);
          setError(null);
        },
        onSubmit: (text) => {
          if (!text.trim()) return false;
          const size = parseFontSize(text);
          if (size === null) setError(FONT_SIZE_HINT);
          else onPick(size);
          return true;
        },
      }}
    />
  );
}

const WEIGHT_OPTIONS: readonly Option<number | null>[] = [
  { value: null, label: "Default", detail: String(DEFAULT_FONT_WEIGHT) },
  ...FONT_WEIGHTS.map((weight) => ({ value: weight.value, label: weight.label, detail: String(weight.value), style: { fontWeight: weight.value } })),
];

export function FontWeightControl({ value, mixed, onChange }: ControlProps<number>) {
  const shown = value === undefined ? (mixed ? "Mixed" : fontWeightLabel(DEFAULT_FONT_WEIGHT)) : fontWeightLabel(value);
  return (
    <MarkPopover
      className="mark-control--weight"
      label={`Font weight: ${value === undefined ? (mixed ? "mixed" : "default") : `${fontWeightLabel(value)} (${value})`}`}
      title="Font weights"
      popup="listbox"
      face={<span className="mark-control__text">{shown}</span>}
    >
      {(close) => (
        <OptionList
          label="Font weights"
          options={WEIGHT_OPTIONS}
          selected={mixed ? undefined : (value ?? null)}
          onPick={(weight) => {
            onChange({ fontWeight: weight });
            close();
          }}
        />
      )}
    </MarkPopover>
  );
}
