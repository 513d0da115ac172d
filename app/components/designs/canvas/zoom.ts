/** The canvas's zoom: a scale of screen pixels per design pixel. */

export const ZOOM_MIN = 0.05;
export const ZOOM_MAX = 4;
/** Room around the design when it is fitted to the canvas, in screen pixels. */
export const FIT_PADDING = 16;

export const clampZoom = (zoom: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom));

/** The scale that shows the whole design inside a viewport, with FIT_PADDING around it. */
export function fitZoom(design: { width: number; height: number }, viewport: { width: number; height: number }): number {
  const width = Math.max(1, viewport.width - 2 * FIT_PADDING);
  const height = Math.max(1, viewport.height - 2 * FIT_PADDING);
  return clampZoom(Math.min(width / design.width, height / design.height));
}

/** The steps the zoom buttons go through (as a share: 0.25 is 25 %). */
export const ZOOM_STEPS = [0.05, 0.1, 0.25, 0.33, 0.5, 0.67, 0.75, 1, 1.5, 2, 3, 4] as const;

/** The next step above (`direction` 1) or below (-1) the current zoom. */
export function stepZoom(zoom: number, direction: 1 | -1): number {
  if (direction > 0) return ZOOM_STEPS.find((step) => step > zoom + 1e-3) ?? ZOOM_MAX;
  return [...ZOOM_STEPS].reverse().find((step) => step < zoom - 1e-3) ?? ZOOM_MIN;
}

/** A wheel turn's zoom: about 14 % a mouse notch (deltaY 100), finer for a trackpad pinch. */
export const wheelZoom = (zoom: number, deltaY: number) => clampZoom(zoom * Math.pow(1.0015, -Math.max(-300, Math.min(300, deltaY))));

/**
 * Where the design sits in the scrolling viewport: centred while it is smaller than the viewport,
 * else with FIT_PADDING around it, and the size of what scrolls.
 */
export function layoutView(design: { width: number; height: number }, viewport: { width: number; height: number }, zoom: number) {
  const width = design.width * zoom;
  const height = design.height * zoom;
  const contentWidth = Math.max(viewport.width, width + 2 * FIT_PADDING);
  const contentHeight = Math.max(viewport.height, height + 2 * FIT_PADDING);
  return { originX: (contentWidth - width) / 2, originY: (contentHeight - height) / 2, contentWidth, contentHeight };
}

/** The percentage a zoom shows as ("42%"). */
export const zoomLabel = (zoom: number) => `${Math.round(zoom * 100)}%`;
