import type { Box } from "./geometry";

/**
 * Smart guides: a box being dragged lines up with the frame and the other layers when one of its
 * edges or its centre comes within `threshold` pixels of theirs, as in Figma or Canva.
 */

interface Snap {
  /** How far to move the box. */
  delta: number;
  /** The lines it lines up with once moved. */
  guides: number[];
}

/** The closest pull along one axis: the moving box's lines against the targets' lines. */
function snapAxis(lines: number[], targets: number[], threshold: number): Snap {
  let delta: number | null = null;
  for (const line of lines) {
    for (const target of targets) {
      const pull = target - line;
      if (Math.abs(pull) <= threshold && (delta === null || Math.abs(pull) < Math.abs(delta))) delta = pull;
    }
  }
  if (delta === null) return { delta: 0, guides: [] };
  const moved = lines.map((line) => line + (delta ?? 0));
  // Every target the moved box now touches gets a guide, not only the one that pulled.
  const guides = [...new Set(targets.filter((target) => moved.some((line) => Math.abs(line - target) < 0.5)))].sort((a, b) => a - b);
  return { delta, guides };
}

const xLines = (box: Box) => [box.x, box.x + box.width / 2, box.x + box.width];
const yLines = (box: Box) => [box.y, box.y + box.height / 2, box.y + box.height];

export function snapBox(moving: Box, others: Box[], frame: { width: number; height: number }, threshold: number): { x: number; y: number; guides: { vertical: number[]; horizontal: number[] } } {
  const whole = { x: 0, y: 0, ...frame };
  const targets = [whole, ...others];
  const vertical = snapAxis(xLines(moving), targets.flatMap(xLines), threshold);
  const horizontal = snapAxis(yLines(moving), targets.flatMap(yLines), threshold);
  return { x: moving.x + vertical.delta, y: moving.y + horizontal.delta, guides: { vertical: vertical.guides, horizontal: horizontal.guides } };
}
