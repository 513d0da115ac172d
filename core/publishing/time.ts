import { Temporal } from "temporal-polyfill";

/**
 * Wall-clock times in a time zone, through Temporal: a post set for 09:00 in Europe/Paris is
 * stored as the UTC instant that is 09:00 in Paris on that date, whichever side of a DST
 * change it falls, and weekly slots stay at their local time all year.
 */

export function isTimeZone(zone: string): boolean {
  try {
    Temporal.Now.zonedDateTimeISO(zone);
    return true;
  } catch {
    return false;
  }
}

/** Every IANA zone this runtime knows, UTC first (some runtimes leave it out of the list). */
export function timeZones(): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return ["UTC", ...known.filter((zone) => zone !== "UTC")];
}

/**
 * `2027-03-28T09:00` in `Europe/Paris` to epoch ms. A time that does not exist (skipped by a
 * spring-forward) moves forward by the gap; an ambiguous one (autumn) takes the earlier instant.
 */
export function localToInstant(local: string, zone: string): number {
  return Temporal.PlainDateTime.from(local).toZonedDateTime(zone, { disambiguation: "compatible" }).epochMilliseconds;
}

/** Epoch ms to `YYYY-MM-DDTHH:mm` in a zone. */
export function instantToLocal(epochMs: number, zone: string): string {
  return Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(zone).toPlainDateTime().toString({ smallestUnit: "minute" });
}

export const weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof weekdays)[number];

export interface WeeklySlot {
  day: Weekday;
  /** `HH:mm` local time. */
  time: string;
}

/**
 * The slot instants from `fromMs` on, in order, for up to `weeks` weeks: each weekly slot at
 * its local time in `zone` (so 09:30 stays 09:30 across DST changes).
 */
export function slotInstants(slots: readonly WeeklySlot[], zone: string, fromMs: number, weeks = 8): number[] {
  if (slots.length === 0) return [];
  const start = Temporal.Instant.fromEpochMilliseconds(fromMs).toZonedDateTimeISO(zone).toPlainDate();
  const instants: number[] = [];
  for (let offset = 0; offset < weeks * 7; offset++) {
    const date = start.add({ days: offset });
    const day = weekdays[date.dayOfWeek - 1]!;
    for (const slot of slots) {
      if (slot.day !== day) continue;
      const at = date.toPlainDateTime(Temporal.PlainTime.from(slot.time)).toZonedDateTime(zone, { disambiguation: "compatible" }).epochMilliseconds;
      if (at >= fromMs) instants.push(at);
    }
  }
  return instants.sort((a, b) => a - b);
}
