/** The p-th percentile of samples sorted ascending (nearest rank). */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** p50, p99 and the worst of a set of samples (in any order). */
export function figures(samples: number[]) {
  const sorted = [...samples].sort((x, y) => x - y);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1)! };
}
