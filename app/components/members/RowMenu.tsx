import { useEffect, useRef, type KeyboardEvent, type ReactNode } from "react";
import { MoreIcon } from "../ui/icons";

const ITEMS = ".row-menu__item:not(:disabled)";

/**
 * A person's actions behind a "⋯" button. It is a <details> disclosure, so it opens and its
 * forms post without JavaScript; once interactive, Escape or a click elsewhere closes it,
 * arrow keys move between its items, and choosing one closes it and keeps the keyboard here.
 */
export function RowMenu({ label, busy, children }: { label: string; busy?: boolean; children: ReactNode }) {
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

  const items = () => [...(ref.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])];

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
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    if (!details.open) details.open = true;
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const next = event.key === "ArrowDown" ? (index + 1) % list.length : (index <= 0 ? list.length : index) - 1;
    list[next]?.focus();
  };

  return (
    <details className="row-menu" ref={ref} onKeyDown={onKeyDown} data-busy={busy || undefined}>
      <summary className="icon-button row-menu__toggle" aria-label={label} title={label}>
        {busy ? <span className="spinner spinner--dark" aria-hidden="true" /> : <MoreIcon aria-hidden="true" />}
      </summary>
      <div
        className="row-menu__panel"
        onClick={(event) => {
          // A chosen item's form submits or its link navigates first; then the menu folds away.
          if ((event.target as HTMLElement).closest(".row-menu__item")) requestAnimationFrame(() => close(true));
        }}
      >
        {children}
      </div>
    </details>
  );
}
