import { useEffect, useRef, type KeyboardEvent, type PointerEvent } from "react";
import { DEFAULT_SIDEBAR_WIDTH } from "../../../core/breakpoints";
import { clampSidebarWidth, preferences, SIDEBAR_WIDTH_MAX, SIDEBAR_WIDTH_MIN } from "~/lib/preferences";

const STEP = 16;

/**
 * The sidebar's right edge: drag it, or focus it and use the arrow keys, to change the
 * sidebar's width; double-click or Enter puts it back to 256px. The width is remembered in
 * local storage (SPEC section 7 "Persistence").
 */
export function SidebarResizer({ width, onChange }: { width: number; onChange: (width: number) => void }) {
  const dragging = useRef<{ startX: number; startWidth: number } | null>(null);
  const latest = useRef(width);
  latest.current = width;

  useEffect(() => {
    const stored = preferences.sidebarWidth();
    if (stored !== DEFAULT_SIDEBAR_WIDTH) onChange(stored);
  }, [onChange]);

  const commit = (next: number) => onChange(preferences.setSidebarWidth(next));

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    // Start from the width on screen (the stylesheet's default differs by breakpoint).
    const sidebar = event.currentTarget.closest(".sidebar");
    dragging.current = { startX: event.clientX, startWidth: sidebar?.getBoundingClientRect().width ?? latest.current };
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (!dragging.current) return;
    const next = clampSidebarWidth(dragging.current.startWidth + event.clientX - dragging.current.startX);
    if (next !== null) onChange(next);
  }
  function onPointerUp() {
    if (!dragging.current) return;
    dragging.current = null;
    commit(latest.current);
  }
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, number> = {
      ArrowLeft: width - STEP,
      ArrowRight: width + STEP,
      Home: SIDEBAR_WIDTH_MIN,
      End: SIDEBAR_WIDTH_MAX,
      Enter: DEFAULT_SIDEBAR_WIDTH,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    commit(next);
  }

  return (
    <div
      className="sidebar-resizer"
      role="separator"
      aria-orientation="vertical"
      aria-label="Resize sidebar"
      aria-valuemin={SIDEBAR_WIDTH_MIN}
      aria-valuemax={SIDEBAR_WIDTH_MAX}
      aria-valuenow={width}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onDoubleClick={() => commit(DEFAULT_SIDEBAR_WIDTH)}
      onKeyDown={onKeyDown}
    />
  );
}
