import { Link } from "@remix-run/react";

export interface BrandKitChoice {
  id: number;
  name: string;
  isDefault: boolean;
}

/** The brand kit a /create writer uses (the default is preselected by the caller), or a link to make one. */
export function BrandKitField({ workspaceId, kits, value, onChange, uses }: {
  workspaceId: number;
  kits: BrandKitChoice[];
  value: string;
  onChange: (value: string) => void;
  /** What the kit's voice goes into: "posts", "emails". */
  uses: string;
}) {
  return (
    <label className="field">
      <span className="field__label">Brand kit</span>
      <select className="input" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">No brand kit</option>
        {kits.map((kit) => (
          <option key={kit.id} value={kit.id}>
            {kit.name}
            {kit.isDefault ? " (default)" : ""}
          </option>
        ))}
      </select>
      {kits.length === 0 ? (
        <span className="field__hint">
          <Link to={`/workspaces/${workspaceId}/brand-kits`}>Create a brand kit</Link> so {uses} use your voice.
        </span>
      ) : null}
    </label>
  );
}

/** Who writes on a /create page, and how to get a model-written draft when it is the offline writer. */
export function WrittenBy({ provider, what }: { provider: { id: string; label: string }; what: string }) {
  return (
    <p className="create-provider">
      Written by <strong>{provider.label}</strong>
      {provider.id === "offline" ? <span> · set an AI provider in the environment for model-written {what}</span> : null}
    </p>
  );
}
