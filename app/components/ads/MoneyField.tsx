import { useId, useState, type ReactNode } from "react";
import { describedBy, Frame } from "~/components/ui/Field";
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
  return (
    <Frame
      id={id}
      label={`${label} (${currency})`}
      subject={label}
      errors={shown}
      hint={hint}
      aside={optional ? <span className="field__optional">Optional</span> : undefined}
    >
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
          aria-describedby={describedBy(`${id}-hint`, `${id}-error`, hint, shown)}
          onChange={(event) => {
            setText(event.target.value);
            const next = parseMoneyInput(event.target.value, currency);
            onChange(next.minor, event.target.value);
          }}
          onBlur={() => setTouched(true)}
        />
      </div>
    </Frame>
  );
}
