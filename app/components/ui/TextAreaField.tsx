import { useId, type TextareaHTMLAttributes } from "react";

/** A labelled textarea with its hint and the API's messages, styled and wired like `Field`. */
export function TextAreaField({
  label,
  errors,
  hint,
  optional,
  ...textarea
}: { label: string; errors?: string[]; hint?: string; optional?: boolean } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  const describedBy = [errors?.length ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field" data-invalid={errors?.length ? true : undefined}>
      <div className="field__top">
        <label className="field__label" htmlFor={id}>
          {label} {optional ? <span className="field__optional">(optional)</span> : null}
        </label>
      </div>
      <textarea
        id={id}
        className="input input--textarea"
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy}
        {...textarea}
      />
      {errors?.length ? (
        <p className="field__error" id={`${id}-error`}>
          {label} {errors.join(", ")}
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
