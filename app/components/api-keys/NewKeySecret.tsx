import { useEffect, useId, useRef } from "react";
import type { CreatedApiKeyOut } from "../../../core/contracts/api-keys";
import { CopyButton } from "~/components/ui/CopyButton";

/**
 * The new key's secret, the one time it is shown: the server keeps only its hash, so closing
 * this panel loses it. Focus moves here when it appears, so a keyboard or screen reader user
 * meets it first.
 */
export function NewKeySecret({ created, onDone }: { created: CreatedApiKeyOut; onDone: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const fieldId = useId();
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section className="api-keys__secret" aria-labelledby={`${fieldId}-heading`}>
      <h3 id={`${fieldId}-heading`} ref={headingRef} tabIndex={-1}>
        Copy “{created.name}” now
      </h3>
      <p>
        This is the only time the secret is shown: it will not be shown again. Keep it where the tool that uses it can read it, and send it as{" "}
        <code>Authorization: Bearer …</code>.
      </p>
      <div className="api-keys__secret-value">
        <label className="visually-hidden" htmlFor={fieldId}>
          Secret of {created.name}
        </label>
        <input id={fieldId} className="input api-keys__secret-input" readOnly value={created.token} onFocus={(event) => event.currentTarget.select()} />
        <CopyButton value={created.token} label="Copy secret" />
      </div>
      <button type="button" className="button" onClick={onDone}>
        I have copied it
      </button>
    </section>
  );
}
