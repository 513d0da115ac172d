import { Link, useParams, useRouteLoaderData } from "@remix-run/react";
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { isPlanLimitMessage } from "~/lib/api-rules";

interface FieldFrameProps {
  label: string;
  /** Messages from the API's `fields` for this input. */
  errors?: string[];
  hint?: ReactNode;
  /** Shown after the label, e.g. "Optional" or a "Forgot password?" link. */
  aside?: ReactNode;
}

export function describedBy(hintId: string, errorId: string, hint: unknown, errors?: string[]) {
  return [errors?.length ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
}

/** The label, hint and errors around any control (MoneyField's input with its currency sign too). */
export function Frame({
  id,
  label,
  subject = label,
  errors,
  hint,
  aside,
  children,
}: FieldFrameProps & { id: string; children: ReactNode; /** What an error sentence calls the field (the label by default). */ subject?: string }) {
  return (
    <div className="field" data-invalid={errors?.length ? true : undefined}>
      <div className="field__top">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        {aside ? <span className="field__aside">{aside}</span> : null}
      </div>
      {children}
      {errors?.length ? (
        <p className="field__error" id={`${id}-error`}>
          {subject} {errors.join(", ")}
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

/** A labelled input with its hint and the API's messages for it, wired for screen readers. */
export function Field({ label, errors, hint, aside, ...input }: FieldFrameProps & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <Frame id={id} label={label} errors={errors} hint={hint} aside={aside}>
      <input
        id={id}
        className="input"
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy(`${id}-hint`, `${id}-error`, hint, errors)}
        {...input}
      />
    </Frame>
  );
}

export function SelectField({
  label,
  errors,
  hint,
  aside,
  children,
  ...select
}: FieldFrameProps & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <Frame id={id} label={label} errors={errors} hint={hint} aside={aside}>
      <select
        id={id}
        className="input input--select"
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy(`${id}-hint`, `${id}-error`, hint, errors)}
        {...select}
      >
        {children}
      </select>
    </Frame>
  );
}

/** A labelled textarea, wired like `Field`; `optional` marks it beside the label. */
export function TextAreaField({
  label,
  errors,
  hint,
  optional,
  ...textarea
}: Omit<FieldFrameProps, "aside"> & { optional?: boolean } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <Frame id={id} label={label} errors={errors} hint={hint} aside={optional ? <span className="field__optional">Optional</span> : undefined}>
      <textarea
        id={id}
        className="input input--textarea"
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy(`${id}-hint`, `${id}-error`, hint, errors)}
        {...textarea}
      />
    </Frame>
  );
}

/**
 * The form-level message: an alert so screen readers announce it when it appears. A plan-limit
 * refusal (402 `plan_limit`) gets a "See plans" link beside its words, wherever it is shown.
 */
export function FormAlert({ message, tone = "error" }: { message: string | null | undefined; tone?: "error" | "info" }) {
  if (!message) return null;
  return (
    <div className={`form-alert form-alert--${tone}`} role={tone === "error" ? "alert" : "status"}>
      {message}
      <PlanLimitLink message={message} />
    </div>
  );
}

/** " See plans" after an API error's words when they are a plan-limit refusal; nothing otherwise. */
export function PlanLimitLink({ message }: { message: string | null | undefined }) {
  const plans = usePlansPath();
  if (!plans || !isPlanLimitMessage(message)) return null;
  return (
    <>
      {" "}
      <Link to={plans} className="form-alert__link">
        See plans
      </Link>
    </>
  );
}

/** The plans page of the workspace this page is about (its URL's, else the shell's current one). */
function usePlansPath(): string | null {
  const { workspaceId } = useParams();
  const shell = useRouteLoaderData<{ currentWorkspace: { id: number } | null }>("routes/_shell");
  const id = workspaceId ?? shell?.currentWorkspace?.id;
  return id ? `/workspaces/${id}/plans` : null;
}
