/**
 * Paints as brand kits and designs store them: a hex colour, or a CSS linear or radial gradient
 * of hex colours (with optional stop positions), the only gradients both the brand kit's
 * swatches (CSS) and the design canvas (Konva) can draw the same way.
 */
export const HEX_COLOR = /^#[0-9a-f]{6}$/i;
export const GRADIENT =
  /^(linear|radial)-gradient\(\s*(?:(?:\d{1,3}deg|to (?:top|bottom|left|right)(?: (?:top|bottom|left|right))?|circle|ellipse)\s*,\s*)?#[0-9a-f]{6}(?:\s+\d{1,3}%)?(?:\s*,\s*#[0-9a-f]{6}(?:\s+\d{1,3}%)?)+\s*\)$/i;

export const isHexColor = (value: string) => HEX_COLOR.test(value);
export const isGradient = (value: string) => GRADIENT.test(value);
export const isPaint = (value: string) => isHexColor(value) || isGradient(value);
export const PAINT_MESSAGE = "must be a hex colour such as #2F5EBC, or a linear or radial gradient of hex colours";
