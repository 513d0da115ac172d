import { useEffect, useId, useRef, useState, type CSSProperties, type FormEvent, type KeyboardEvent } from "react";
import { MarkPopover } from "./MarkPopover";
import {
  colorName,
  HEX_COLOR_HINT,
  HIGHLIGHT_COLORS,
  parseHexColor,
  TEXT_COLORS,
  TEXT_GRADIENTS,
  type Swatch,
  type TextStylePatch,
} from "./textMarks";

interface ColorPickerProps {
  /** Text colour (with gradients) or the highlight behind the text. */
  kind: "text" | "highlight";
  /** The colour every selected character shares; undefined when unset or mixed. */
  color: string | undefined;
  /** Text only: the gradient painted through the text. */
  gradient?: string;
  mixed: boolean;
  onChange: (patch: TextStylePatch) => void;
}

const COPY = {
  text: { title: "Text colour", reset: "Default colour", swatches: TEXT_COLORS, columns: 8 },
  highlight: { title: "Highlight", reset: "No highlight", swatches: HIGHLIGHT_COLORS, columns: 5 },
} as const;

/**
 * The text colour or highlight control: swatches, a hex box for any other colour, and for
 * text a few gradients painted through the letters. Each choice becomes the textStyle.ts
 * patch for it, so a colour replaces a gradient and the other way round.
 */
export function ColorPicker({ kind, color, gradient, mixed, onChange }: ColorPickerProps) {
  const { title, swatches } = COPY[kind];
  const current = gradient ? `${colorName(gradient, TEXT_GRADIENTS)} gradient` : color ? colorName(color, swatches) : mixed ? "mixed" : "default";
  const paint: CSSProperties = gradient ? { backgroundImage: gradient } : color ? { backgroundColor: color } : {};
  return (
    <MarkPopover
      className={`mark-control--${kind}`}
      label={`${title}: ${current}`}
      title={title}
      popup="dialog"
      face={
        <span className="color-control__face" aria-hidden="true">
          {kind === "text" ? <span className="color-control__letter">A</span> : <HighlighterIcon />}
          <span className="color-control__bar" data-unset={!color && !gradient ? (mixed ? "mixed" : "unset") : undefined} style={paint} />
        </span>
      }
    >
      {(close) => (
        <ColorPanel
          kind={kind}
          color={color}
          gradient={gradient}
          mixed={mixed}
          onPick={(patch) => {
            onChange(patch);
            close();
          }}
        />
      )}
    </MarkPopover>
  );
}

function ColorPanel({ kind, color, gradient, mixed, onPick }: Omit<ColorPickerProps, "onChange"> & { onPick: (patch: TextStylePatch) => void }) {
  const { reset, swatches, columns } = COPY[kind];
  const panel = useRef<HTMLDivElement>(null);
  const hexId = useId();
  const errorId = useId();
  const [hex, setHex] = useState(color && !gradient ? color : "");
  const [error, setError] = useState<string | null>(null);
  const preview = parseHexColor(hex);

  // Start on the current choice, else on the first control.
  useEffect(() => {
    const start = panel.current?.querySelector<HTMLElement>("[aria-pressed='true']") ?? panel.current?.querySelector<HTMLElement>("button");
    start?.focus();
  }, []);

  const pickColor = (value: string) => onPick(kind === "text" ? { color: value } : { highlight: value });
  const submitHex = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseHexColor(hex);
    if (parsed === null) setError(HEX_COLOR_HINT);
    else pickColor(parsed);
  };

  return (
    <div ref={panel} className="color-picker">
      <button
        type="button"
        className="color-picker__reset"
        aria-pressed={!color && !gradient && !mixed}
        onClick={() => onPick(kind === "text" ? { color: null, gradient: null } : { highlight: null })}
      >
        <span className="color-picker__none" aria-hidden="true" />
        {reset}
      </button>
      <SwatchGrid label="Colours" swatches={swatches} columns={columns} current={gradient ? undefined : color} onPick={pickColor} />
      {kind === "text" ? (
        <SwatchGrid
          label="Gradients"
          swatches={TEXT_GRADIENTS}
          columns={TEXT_GRADIENTS.length}
          current={gradient}
          onPick={(value) => onPick({ gradient: value })}
        />
      ) : null}
      <form className="color-picker__custom" onSubmit={submitHex} noValidate>
        <label className="color-picker__label" htmlFor={hexId}>
          Custom
        </label>
        <span className="color-picker__preview" style={preview ? { backgroundColor: preview } : undefined} aria-hidden="true" />
        <input
          id={hexId}
          className="mark-input color-picker__hex"
          type="text"
          inputMode="text"
          autoComplete="off"
          spellCheck={false}
          maxLength={9}
          placeholder="#2f5ebc"
          value={hex}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setHex(event.target.value);
            setError(null);
          }}
        />
        <button type="submit" className="mark-button">
          Apply
        </button>
      </form>
      {error ? (
        <p id={errorId} className="mark-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface SwatchGridProps {
  label: string;
  swatches: readonly Swatch[];
  columns: number;
  current: string | undefined;
  onPick: (value: string) => void;
}

/** Swatches as one tab stop; the arrow keys move across and between rows, Home and End to the ends. */
function SwatchGrid({ label, swatches, columns, current, onPick }: SwatchGridProps) {
  const currentIndex = swatches.findIndex((swatch) => swatch.value.toLowerCase() === current?.toLowerCase());
  const [focusIndex, setFocusIndex] = useState(Math.max(0, currentIndex));
  const grid = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const steps: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: columns, ArrowUp: -columns };
    let next: number | undefined;
    if (event.key in steps) next = focusIndex + (steps[event.key] ?? 0);
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = swatches.length - 1;
    if (next === undefined || next < 0 || next >= swatches.length) return;
    event.preventDefault();
    setFocusIndex(next);
    grid.current?.querySelectorAll<HTMLButtonElement>("button")[next]?.focus();
  };

  return (
    <div
      ref={grid}
      className="color-picker__grid"
      role="group"
      aria-label={label}
      style={{ "--columns": columns } as CSSProperties}
      onKeyDown={onKeyDown}
    >
      {swatches.map((swatch, index) => (
        <button
          key={swatch.value}
          type="button"
          className="color-picker__swatch"
          tabIndex={index === focusIndex ? 0 : -1}
          aria-label={swatch.name}
          title={swatch.name}
          aria-pressed={index === currentIndex}
          style={swatch.value.includes("gradient(") ? { backgroundImage: swatch.value } : { backgroundColor: swatch.value }}
          onFocus={() => setFocusIndex(index)}
          onClick={() => onPick(swatch.value)}
        />
      ))}
    </div>
  );
}

function HighlighterIcon() {
  return (
    <svg className="color-control__icon" viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path d="m9 11-5 5v3h3l5-5" />
      <path d="m9 11 7-7 4 4-7 7z" />
    </svg>
  );
}
