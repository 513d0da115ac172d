import type { CSSProperties, InputHTMLAttributes, ReactNode } from "react";

interface PickerSearch {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** The dialog starts in the box (see ui/Dialog). */
  autoFocus?: boolean;
}

interface PickerListProps {
  /** The box that narrows the list; none for a list short enough to scan. */
  search?: PickerSearch;
  /** The list's name for screen readers ("Folder", "New owner"). */
  legend: string;
  /** While the options load: what is loading. */
  loading?: string | false;
  /** Why the options could not be loaded; shown instead of the list. */
  error?: string | null;
  /** Said inside the list when it has no option (nothing matches, or nothing to choose). */
  empty?: string | null;
  /** `<PickerOption>`s. */
  children: ReactNode;
}

/** One thing chosen from a list of radio buttons, with a box to narrow the list when it is long. */
export function PickerList({ search, legend, loading, error, empty, children }: PickerListProps) {
  return (
    <div className="picker">
      {search ? (
        <input
          className="input input--compact"
          type="search"
          aria-label={search.label}
          placeholder={search.placeholder}
          value={search.value}
          onChange={(event) => search.onChange(event.target.value)}
          data-autofocus={search.autoFocus || undefined}
        />
      ) : null}
      {error ? (
        <p className="form-alert form-alert--error" role="alert">
          {error}
        </p>
      ) : loading ? (
        <p className="picker__note" aria-busy="true">
          {loading}
        </p>
      ) : (
        <fieldset className="picker__list">
          <legend className="visually-hidden">{legend}</legend>
          {children}
          {empty ? <p className="picker__note">{empty}</p> : null}
        </fieldset>
      )}
    </div>
  );
}

interface PickerOptionProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "style" | "title"> {
  /** Indents the option (a folder's depth). */
  style?: CSSProperties;
  /** Why a disabled option cannot be chosen. */
  title?: string;
  children: ReactNode;
}

/** One radio button of a picker, with what it stands for beside it. */
export function PickerOption({ style, title, children, ...radio }: PickerOptionProps) {
  return (
    <label className="picker__option" style={style} title={title} data-disabled={radio.disabled || undefined}>
      <input type="radio" {...radio} />
      {children}
    </label>
  );
}
