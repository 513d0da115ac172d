export interface VersionOption {
  value: string;
  label: string;
}

/** One end of a comparison: a labelled select of the document's versions (and its current state). */
export function VersionPicker({ name, label, value, options }: { name: string; label: string; value: string; options: VersionOption[] }) {
  return (
    <label>
      <span>{label}</span>
      {/* Keyed by the value so a navigation that changes it resets the uncontrolled select. */}
      <select name={name} aria-label={label} defaultValue={value} key={`${name}-${value}`}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
