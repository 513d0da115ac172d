import { useId, useState, type ReactNode } from "react";
import { currencySymbol, moneyInputValue, parseMoneyInput } from "./money-input";

interface MoneyFieldProps {
  label: string;
  currency: string;
  /** The amount to start from, in minor units (null: empty). */
  valueMinor: number | null;
  /** The typed amount as minor units (null while it is not an amount), and the text as typed. */
  onChange: (minor: number | null, text: string) => void;
  errors?: string[];
  hint?: ReactNode;
  optional?: boolean;
  /** For focusing the first error: the input carries `data-field`. */
  field?: string;
}

/**
 * An amount of money typed as people write it ("12.50") in the account's currency, handed on as
 * integer minor units: what the API stores and compares. A typing mistake is said beside it.
 */
export function MoneyField({ label, currency, valueMinor, onChange, errors, hint, optional, field }: MoneyFieldProps) {
  const id = useId();
  const [text, setText] = useState(valueMinor == null ? "" : moneyInputValue(valueMinor, currency));
  const [touched, setTouched] = useState(false);
  const parsed = parseMoneyInput(text, currency);
  const own = touched && parsed.problem && !(optional && text.trim() === "") ? [parsed.problem] : [];
  const shown = [...own, ...(errors ?? [])];
  const describedBy = [shown.length ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field" data-invalid={shown.length ? true : undefined}>
      <div className="field__top">
        <label className="field__label" htmlFor={id}>
          {label} ({currency})
        </label>
        {optional ? <span className="field__aside field__optional">Optional</span> : null}
      </div>
      <div className="money-input">
        <span className="money-input__symbol" aria-hidden="true">
          {currencySymbol(currency)}
        </span>
        <input
          id={id}
          className="input money-input__input"
          inputMode="decimal"
          autoComplete="off"
          value={text}
          data-field={field}
          aria-invalid={shown.length ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            setText(event.target.value);
            const next = parseMoneyInput(event.target.value, currency);
            onChange(next.minor, event.target.value);
          }}
          onBlur={() => setTouched(true)}
        />
      </div>
      {shown.length ? (
        <p className="field__error" id={`${id}-error`}>
          {label} {shown.join(", ")}
        </p>
      ) : null}
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
