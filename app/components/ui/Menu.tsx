import { useEffect, useRef, type KeyboardEvent, type ReactNode } from "react";
import { MoreIcon } from "./icons";

const ITEMS = ".menu__item:not(:disabled):not([aria-disabled='true'])";
const MOVES = ["ArrowDown", "ArrowUp", "Home", "End"];

interface MenuProps {
  /** The button's accessible name, e.g. "Actions for Sam Lee". */
  label: string;
  /** A row action is running: the button shows a spinner. */
  busy?: boolean;
  /** On phones the panel is a sheet from the bottom over a scrim (the document's menu). */
  sheet?: boolean;
  /** `.menu__item` links and buttons (buttons in `.menu__form` forms), `<MenuSeparator />` between groups. */
  children: ReactNode;
}

/**
 * A "⋯" menu. It is a <details> disclosure, so it opens and its forms post without
 * JavaScript; once interactive, Escape or a click elsewhere closes it, the arrow keys, Home
 * and End move between its items, and choosing one folds it away and gives the keyboard back
 * to its button.
 */
export function Menu({ label, busy, sheet, children }: MenuProps) {
  const ref = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const details = ref.current;
      if (details?.open && !details.contains(event.target as Node)) details.open = false;
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, []);

  const close = (focusToggle: boolean) => {
    const details = ref.current;
    if (!details) return;
    details.open = false;
    if (focusToggle) details.querySelector("summary")?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    const details = ref.current;
    if (!details) return;
    if (event.key === "Escape" && details.open) {
      // Only this menu closes, not a dialog or drawer around it.
      event.preventDefault();
      event.stopPropagation();
      close(true);
      return;
    }
    if (!MOVES.includes(event.key)) return;
    event.preventDefault();
    if (!details.open) details.open = true;
    const list = [...details.querySelectorAll<HTMLElement>(ITEMS)];
    const index = list.indexOf(document.activeElement as HTMLElement);
    const next =
      event.key === "Home"
        ? 0
        : event.key === "End"
          ? list.length - 1
          : event.key === "ArrowDown"
            ? (index + 1) % list.length
            : (index <= 0 ? list.length : index) - 1;
    list[next]?.focus();
  };

  return (
    <details className={`menu${sheet ? " menu--sheet" : ""}`} ref={ref} onKeyDown={onKeyDown} data-busy={busy || undefined}>
      <summary className="icon-button menu__toggle" aria-label={label} title={label}>
        {busy ? <span className="spinner spinner--dark" aria-hidden="true" /> : <MoreIcon aria-hidden="true" />}
      </summary>
      {sheet ? <div className="menu__backdrop" aria-hidden="true" onClick={() => close(false)} /> : null}
      <div
        className="menu__panel"
        onClick={(event) => {
          // A chosen item's form submits or its link navigates first; then the menu folds away.
          // (Focus cannot leave a modal dialog the item opened: the page behind it is inert.)
          if ((event.target as HTMLElement).closest(".menu__item")) requestAnimationFrame(() => close(true));
        }}
      >
        {children}
      </div>
    </details>
  );
}

export function MenuSeparator() {
  return <hr className="menu__separator" />;
}
