import { useEffect, useState } from "react";
import { checkPropertyValue, isSafeHttpUrl } from "../../../core/contracts/properties";
import type { ArticleItem, AssignedValue, Person, Property } from "./types";
import type { ValueChange } from "./useFolderEdits";

interface CellProps {
  item: ArticleItem;
  property: Property;
  value: AssignedValue | undefined;
  people: Person[];
  editable: boolean;
  onChange: (change: ValueChange) => void;
}

/** A property value as text, for readers and for the board. */
export function PropertyText({ property, value }: { property: Property; value: AssignedValue | undefined }) {
  if (!value) return <span className="muted">—</span>;
  if (property.type === "person") return <>{value.assignee?.name ?? "—"}</>;
  const raw = value.value;
  if (raw === null || raw === undefined || raw === "") return <span className="muted">—</span>;
  if (property.type === "checkbox") return <>{raw ? "Yes" : "No"}</>;
  if (property.type === "multi_select" && Array.isArray(raw)) return <>{raw.join(", ") || "—"}</>;
  if (property.type === "url" && typeof raw === "string" && isSafeHttpUrl(raw)) {
    return (
      <a href={raw} target="_blank" rel="noopener noreferrer nofollow" className="property-link">
        {raw.replace(/^https?:\/\//, "")}
      </a>
    );
  }
  return <>{String(raw)}</>;
}

/**
 * One table cell: an input that fits the property's type for editors (saved when it
 * changes or, for typed text, when focus leaves), plain text for everyone else.
 */
export function PropertyCell({ item, property, value, people, editable, onChange }: CellProps) {
  const label = `${property.name} of “${item.title}”`;
  if (!editable) return <PropertyText property={property} value={value} />;
  switch (property.type) {
    case "checkbox":
      return (
        <input
          type="checkbox"
          className="property-checkbox"
          aria-label={label}
          checked={value?.value === true}
          onChange={(event) => onChange({ value: event.target.checked })}
        />
      );
    case "select":
      return (
        <select
          className="input input--compact input--select"
          aria-label={label}
          value={typeof value?.value === "string" ? value.value : ""}
          onChange={(event) => onChange(event.target.value ? { value: event.target.value } : null)}
        >
          <option value="">—</option>
          {property.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      );
    case "person":
      return (
        <select
          className="input input--compact input--select"
          aria-label={label}
          value={value?.assignee_id ?? ""}
          onChange={(event) => onChange(event.target.value ? { assignee_id: Number(event.target.value) } : null)}
        >
          <option value="">Nobody</option>
          {people.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
            </option>
          ))}
        </select>
      );
    case "multi_select":
      return <MultiSelectCell label={label} property={property} value={value} onChange={onChange} />;
    default:
      return <TextishCell label={label} property={property} value={value} onChange={onChange} />;
  }
}

function MultiSelectCell({ label, property, value, onChange }: { label: string; property: Property; value: AssignedValue | undefined; onChange: CellProps["onChange"] }) {
  const picked = Array.isArray(value?.value) ? (value.value as string[]) : [];
  return (
    <details className="multi-select">
      <summary aria-label={`${label}: ${picked.join(", ") || "none"}`}>{picked.length ? picked.join(", ") : "—"}</summary>
      <fieldset className="multi-select__options">
        <legend className="visually-hidden">{label}</legend>
        {property.options.map((option) => (
          <label key={option} className="multi-select__option">
            <input
              type="checkbox"
              checked={picked.includes(option)}
              onChange={(event) => {
                const next = event.target.checked ? [...picked, option] : picked.filter((item) => item !== option);
                onChange(next.length ? { value: property.options.filter((candidate) => next.includes(candidate)) } : null);
              }}
            />
            {option}
          </label>
        ))}
      </fieldset>
    </details>
  );
}

const INPUT_TYPES: Partial<Record<Property["type"], string>> = { number: "number", date: "date", url: "url", text: "text" };

/** Text, number, date and link cells: typed freely, checked with the API's own rules, saved on blur or Enter. */
function TextishCell({ label, property, value, onChange }: { label: string; property: Property; value: AssignedValue | undefined; onChange: CellProps["onChange"] }) {
  const stored = value?.value === null || value?.value === undefined ? "" : String(value.value).slice(0, property.type === "date" ? 10 : undefined);
  const [draft, setDraft] = useState(stored);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setDraft(stored), [stored]);

  function commit() {
    const text = draft.trim();
    if (text === stored) return setProblem(null);
    if (!text) {
      setProblem(null);
      return onChange(null);
    }
    const candidate = property.type === "number" ? Number(text) : text;
    const checked = checkPropertyValue(property, candidate);
    if (!checked.ok) return setProblem(`${property.name} ${checked.message}`);
    setProblem(null);
    onChange({ value: checked.value });
  }

  return (
    <span className="property-input">
      <input
        type={INPUT_TYPES[property.type] ?? "text"}
        className="input input--compact"
        aria-label={label}
        aria-invalid={problem ? true : undefined}
        value={draft}
        step={property.type === "number" ? "any" : undefined}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            commit();
          } else if (event.key === "Escape") {
            setDraft(stored);
            setProblem(null);
          }
        }}
      />
      {problem ? (
        <span className="field__error" role="alert">
          {problem}
        </span>
      ) : null}
    </span>
  );
}
