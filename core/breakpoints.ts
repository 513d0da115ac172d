/**
 * Layout breakpoints from SPEC section 2, in CSS pixels. The stylesheet's media queries
 * (app/styles/app.css) use these same numbers; tests drive the browser at them.
 */
export const breakpoints = {
  /** Mobile: up to and including this width. */
  mobileMax: 720,
  /** Tablet portrait: up to this width. */
  tabletPortraitMax: 899,
  /** Tablet landscape: up to this width. */
  tabletLandscapeMax: 1199,
  /** Desktop from this width. */
  desktopMin: 1200,
  /** Big desktop from this width. */
  bigDesktopMin: 1800,
} as const;

/** Default sidebar width in pixels (SPEC section 9). */
export const DEFAULT_SIDEBAR_WIDTH = 256;
