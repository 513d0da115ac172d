import type { SocialChannel } from "./channels";

/**
 * The shape of a campaign before any text is written: which pieces it has, on which
 * channel, derived from which piece, and when each goes out. SPEC section 3's strategies:
 * - PyramidStrategy: one pillar piece (a blog post), cut into derivatives per channel;
 * - CrosspostStrategy: one message adapted to each channel, all on the first day;
 * - EvergreenStrategy: recurring posts from timeless material, spread over the dates.
 */

export const contentStrategyLabels = {
  PyramidStrategy: "Pyramid: one pillar piece, cut into posts for each channel",
  CrosspostStrategy: "Crosspost: one message, adapted to each channel",
  EvergreenStrategy: "Evergreen: recurring posts from timeless material",
} as const;

export type ContentStrategy = keyof typeof contentStrategyLabels;

/** When each strategy dates its pieces (planCampaign below), said on the form before anything is written. */
export const contentStrategyDating: Record<ContentStrategy, string> = {
  PyramidStrategy: "The pillar piece is dated on the start day; its social posts are spread over the days after it, up to the end date.",
  CrosspostStrategy: "Every post is dated on the start day.",
  EvergreenStrategy: "Posts are spread evenly from the start date to the end date.",
};

export interface PlannedItem {
  position: number;
  /** null for the pillar piece (a blog post). */
  channel: SocialChannel | null;
  /** The position of the piece this one is cut from. */
  derivedFrom: number | null;
  /** YYYY-MM-DD */
  publishOn: string;
  /** What this piece should do, for the writer. */
  angle: string;
}

const DAY = 86_400_000;
const toDate = (iso: string) => new Date(`${iso}T00:00:00Z`).getTime();
const toIso = (time: number) => new Date(time).toISOString().slice(0, 10);

/** `count` dates spread evenly from `start` to `end` (inclusive), whole days. */
export function spreadDates(start: string, end: string, count: number): string[] {
  const from = toDate(start);
  const span = Math.max(0, Math.round((toDate(end) - from) / DAY));
  if (count <= 1) return [toIso(from)];
  return Array.from({ length: count }, (_, i) => toIso(from + Math.round((span * i) / (count - 1)) * DAY));
}

const EVERGREEN_ANGLES = ["a tip", "a common question, answered", "a myth, corrected", "a story from a customer", "a checklist", "a behind-the-scenes look"];
const DERIVATIVE_ANGLES = ["the main idea", "the most useful detail", "a question for the audience"];

export interface PlanInput {
  strategy: ContentStrategy;
  channels: SocialChannel[];
  startsOn: string;
  endsOn: string;
  /** Pyramid: derivatives per channel (1–3); Evergreen: posts per channel (1–6). */
  perChannel?: number;
}

export function planCampaign({ strategy, channels, startsOn, endsOn, perChannel }: PlanInput): PlannedItem[] {
  const items: PlannedItem[] = [];
  if (strategy === "CrosspostStrategy") {
    channels.forEach((channel, i) => items.push({ position: i, channel, derivedFrom: null, publishOn: startsOn, angle: "the campaign's message, adapted to this channel" }));
    return items;
  }
  if (strategy === "PyramidStrategy") {
    const count = Math.min(3, Math.max(1, perChannel ?? 2));
    items.push({ position: 0, channel: null, derivedFrom: null, publishOn: startsOn, angle: "the pillar piece: the full story" });
    const dates = spreadDates(startsOn, endsOn, count + 1).slice(1);
    for (let round = 0; round < count; round++) {
      for (const channel of channels) items.push({ position: items.length, channel, derivedFrom: 0, publishOn: dates[round]!, angle: DERIVATIVE_ANGLES[round]! });
    }
    return items;
  }
  const count = Math.min(6, Math.max(1, perChannel ?? 3));
  const dates = spreadDates(startsOn, endsOn, count);
  for (let round = 0; round < count; round++) {
    for (const channel of channels) items.push({ position: items.length, channel, derivedFrom: null, publishOn: dates[round]!, angle: EVERGREEN_ANGLES[round]! });
  }
  return items;
}
