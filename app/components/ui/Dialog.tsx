import { Link, useNavigate, type ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { CloseIcon } from "./icons";

interface DialogProps {
  /** The dialog is part of the URL (`?new`, `?delete`), so it opens by link without JavaScript and Back closes it. */
  open: boolean;
  /** The same page without the dialog's search parameter. */
  closeTo: string;
  title: string;
  description?: ReactNode;
  tone?: "default" | "danger";
  /** "wide" (720 px) for dialogs that hold a form or a post's whole text, not one question. */
  size?: "default" | "wide";
  children: ReactNode;
}

/**
 * A modal dialog opened by URL. Rendered by the server it is a plain panel in the page, so
 * its form works without JavaScript; once the page is interactive it becomes a real modal
 * (focus kept inside, the page behind inert, Escape or a click outside closes it).
 */
export function Dialog({ open, closeTo, title, description, tone = "default", size = "default", children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const pointerDownOutside = useRef(false);
  const navigate = useNavigate();
  const titleId = useId();
  const descriptionId = useId();
  const close = () => navigate(closeTo, { replace: true, preventScrollReset: true });

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog || dialog.matches(":modal")) return;
    // Removing the attribute (not calling close()) fires no "close" event, so this upgrade does not close it.
    dialog.removeAttribute("open");
    dialog.showModal();
    // showModal() focuses the first focusable element (the close button); a form's first field is the better start.
    dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      open
      className={`dialog dialog--${tone} dialog--${size}`}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      // Escape: the browser closes the dialog; the URL follows.
      onClose={close}
      onPointerDown={(event) => {
        pointerDownOutside.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its panel) closes it,
        // unless it began inside, as when selecting text past the panel's edge.
        if (event.target === event.currentTarget && pointerDownOutside.current) close();
      }}
    >
      <div className="dialog__panel">
        <header className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <Link to={closeTo} replace preventScrollReset className="icon-button dialog__close" aria-label="Close">
            <CloseIcon />
          </Link>
        </header>
        {description ? (
          <div id={descriptionId} className="dialog__description">
            {description}
          </div>
        ) : null}
        {children}
      </div>
    </dialog>
  );
}

/** The current page's path and query without `param`, for closing a dialog that `param` opens. */
export function withoutParam(location: { pathname: string; search: string }, ...params: string[]) {
  const query = new URLSearchParams(location.search);
  for (const param of params) query.delete(param);
  const search = query.toString();
  return search ? `${location.pathname}?${search}` : location.pathname;
}

/**
 * A route's `shouldRevalidate` that keeps the page's data when only `params` changed (search
 * parameters that open a dialog or dismiss a notice): the loader would answer the same.
 */
export function keepDataWhenOnlyChanged(params: readonly string[]): ShouldRevalidateFunction {
  const rest = (url: URL) => {
    const query = new URLSearchParams(url.search);
    for (const name of params) query.delete(name);
    query.sort();
    return query.toString();
  };
  return ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
    if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
    return rest(currentUrl) === rest(nextUrl) ? false : defaultShouldRevalidate;
  };
}

interface DialogActionsProps {
  /** Where Cancel goes (the page without the dialog); none: no Cancel. */
  closeTo?: string;
  /** The confirming button's words, and its words while its request runs. */
  label: ReactNode;
  busyLabel: string;
  busy: boolean;
  /** Disabled for another reason than running (nothing chosen yet, nothing changed). */
  disabled?: boolean;
  tone?: "primary" | "destructive";
  /** The button posts `intent=<intent>` with its form; without it, it posts the form as it is. */
  intent?: string;
  /** A plain button that runs this instead of submitting a form. */
  onClick?: () => void;
  /** Which of the two buttons the dialog starts on. */
  autoFocus?: "cancel" | "confirm";
  /** Other buttons, kept at the start of the row (`dialog__start`): "Remove password", "Make private". */
  start?: ReactNode;
}

/** The row of buttons that ends a dialog: Cancel, then the one that does it. */
export function DialogActions({ closeTo, label, busyLabel, busy, disabled, tone = "primary", intent, onClick, autoFocus, start }: DialogActionsProps) {
  return (
    <div className="dialog__actions">
      {start}
      {closeTo ? (
        <Link to={closeTo} replace preventScrollReset className="button" data-autofocus={autoFocus === "cancel" || undefined}>
          Cancel
        </Link>
      ) : null}
      <button
        type={onClick ? "button" : "submit"}
        name={intent ? "intent" : undefined}
        value={intent}
        className={`button button--${tone}`}
        disabled={busy || disabled}
        aria-busy={busy || undefined}
        onClick={onClick}
        data-autofocus={autoFocus === "confirm" || undefined}
      >
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}
