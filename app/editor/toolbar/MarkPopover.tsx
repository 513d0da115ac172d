import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { ChevronIcon } from "~/components/ui/icons";

interface MarkPopoverProps {
  /** The trigger's accessible name, with the current value ("Font: Inter"). */
  label: string;
  /** The panel's accessible name ("Fonts", "Text colour"). */
  title: string;
  /** "listbox" when the panel is a list to pick from, "dialog" when it holds several controls. */
  popup: "listbox" | "dialog";
  /** What the trigger shows. */
  face: ReactNode;
  className?: string;
  /** The panel. `close()` folds it away and gives the keyboard back to the trigger. */
  children: (close: () => void) => ReactNode;
}

/**
 * A toolbar button that opens a panel under it (the font lists, the colour pickers). The
 * button is a toolbar item (arrow keys reach it); ArrowDown opens the panel as well as a
 * click does. Escape, a pointer elsewhere or focus leaving closes it. The panel is laid
 * out against the toolbar, not the button, so the docked phone toolbar can scroll
 * sideways without clipping it (editor-toolbar.css).
 */
export function MarkPopover({ label, title, popup, face, className, children }: MarkPopoverProps) {
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLSpanElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();

  const close = useCallback((returnFocus = true) => {
    setOpen(false);
    if (returnFocus) trigger.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown, true);
    return () => document.removeEventListener("pointerdown", onPointerDown, true);
  }, [open]);

  // Under the trigger, kept inside the viewport; a docked toolbar places it in CSS instead.
  useLayoutEffect(() => {
    const box = panel.current;
    const button = trigger.current;
    const toolbar = box?.offsetParent;
    if (!open || !box || !button || !(toolbar instanceof HTMLElement)) return;
    if (toolbar.dataset.docked === "true") {
      box.style.removeProperty("left");
      return;
    }
    const wanted = button.getBoundingClientRect().left;
    const left = Math.max(8, Math.min(wanted, document.documentElement.clientWidth - 8 - box.offsetWidth));
    box.style.left = `${Math.round(left - toolbar.getBoundingClientRect().left)}px`;
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLSpanElement>) => {
    if (event.key === "Escape" && open) {
      // Only the panel closes, not the toolbar around it.
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === "ArrowDown" && event.target === trigger.current && !open) {
      event.preventDefault();
      setOpen(true);
    }
  };

  return (
    <span
      ref={wrapper}
      className={`mark-control${className ? ` ${className}` : ""}`}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        // Null when a click lands on something unfocusable; the pointer handler covers that.
        const next = event.relatedTarget;
        if (open && next instanceof Node && !wrapper.current?.contains(next)) close(false);
      }}
    >
      <button
        ref={trigger}
        type="button"
        className="floating-toolbar__button mark-control__trigger"
        data-toolbar-item
        aria-label={label}
        title={label}
        aria-haspopup={popup}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        {face}
        <ChevronIcon className="mark-control__chevron" width="14" height="14" />
      </button>
      {open ? (
        <div
          ref={panel}
          id={panelId}
          className="mark-popover"
          role={popup === "dialog" ? "dialog" : undefined}
          aria-label={popup === "dialog" ? title : undefined}
        >
          {children(close)}
        </div>
      ) : null}
    </span>
  );
}
