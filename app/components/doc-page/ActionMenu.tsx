import { useEffect, useRef, type KeyboardEvent, type ReactNode } from "react";
import { MoreIcon } from "../ui/icons";

const ITEMS = ".action-menu__item:not(:disabled):not([aria-disabled='true'])";

/**
 * The document's "⋯" menu. A <details> disclosure, so it opens without JavaScript; once
 * interactive, Escape or a click elsewhere closes it, arrow keys move between items, and
 * choosing one folds it away. On phones the panel is a sheet from the bottom (doc.css).
 */
export function ActionMenu({ label, children }: { label: string; children: ReactNode }) {
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
      event.preventDefault();
      event.stopPropagation();
      close(true);
      return;
    }
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp" && event.key !== "Home" && event.key !== "End") return;
    event.preventDefault();
    if (!details.open) details.open = true;
    const list = [...details.querySelectorAll<HTMLElement>(ITEMS)];
    const index = list.indexOf(document.activeElement as HTMLElement);
    const next =
      event.key === "Home" ? 0 : event.key === "End" ? list.length - 1 : event.key === "ArrowDown" ? (index + 1) % list.length : (index <= 0 ? list.length : index) - 1;
    list[next]?.focus();
  };

  return (
    <details className="action-menu" ref={ref} onKeyDown={onKeyDown}>
      <summary className="icon-button action-menu__toggle" aria-label={label} title={label}>
        <MoreIcon aria-hidden="true" />
      </summary>
      <div className="action-menu__backdrop" aria-hidden="true" onClick={() => close(false)} />
      <div
        className="action-menu__panel"
        role="group"
        aria-label={label}
        onClick={(event) => {
          if ((event.target as HTMLElement).closest(".action-menu__item")) requestAnimationFrame(() => close(false));
        }}
      >
        {children}
      </div>
    </details>
  );
}

export function MenuSeparator() {
  return <hr className="action-menu__separator" />;
}
