import {
  addMonths,
  addWeeks,
  eachDayOfInterval,
  endOfMonth,
  endOfWeek,
  format,
  isValid,
  parseISO,
  startOfMonth,
  startOfWeek,
} from "date-fns";
import type { calendarModes } from "../../../core/enums";

// The calendar view's date maths (date-fns): the days a month or week shows, moving
// between them, and which day each document falls on. Days are local calendar days.

export type CalendarMode = (typeof calendarModes)[number];

/** Weeks start on Monday. */
const WEEK = { weekStartsOn: 1 } as const;

export const dayKey = (date: Date) => format(date, "yyyy-MM-dd");

/** `?date=2024-05-31` as a date, or `fallback` (today) when missing or not a real date. */
export function parseDay(value: string | null | undefined, fallback: Date): Date {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return fallback;
  const parsed = parseISO(value);
  return isValid(parsed) ? parsed : fallback;
}

/** The month's weeks, each seven days, from the Monday on or before the 1st to the Sunday on or after the last day. */
export function monthGrid(anchor: Date): Date[][] {
  const days = eachDayOfInterval({ start: startOfWeek(startOfMonth(anchor), WEEK), end: endOfWeek(endOfMonth(anchor), WEEK) });
  const weeks: Date[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return weeks;
}

/** The seven days of the anchor's week. */
export const weekDays = (anchor: Date): Date[] => eachDayOfInterval({ start: startOfWeek(anchor, WEEK), end: endOfWeek(anchor, WEEK) });

/** The previous or next month or week. */
export const shiftAnchor = (mode: CalendarMode, anchor: Date, step: -1 | 1) =>
  mode === "month_view" ? addMonths(anchor, step) : addWeeks(anchor, step);

/** "May 2024", or "27 May – 2 Jun 2024" for a week. */
export function calendarTitle(mode: CalendarMode, anchor: Date): string {
  if (mode === "month_view") return format(anchor, "MMMM yyyy");
  const [first, last] = [startOfWeek(anchor, WEEK), endOfWeek(anchor, WEEK)];
  const sameYear = first.getFullYear() === last.getFullYear();
  return `${format(first, sameYear ? "d MMM" : "d MMM yyyy")} – ${format(last, "d MMM yyyy")}`;
}

/**
 * The local day a stored date falls on: a plain date (`2024-05-31`, from a date property)
 * is that day everywhere; a timestamp is the day it was in this browser's time zone.
 */
export function dayOf(value: string | null | undefined): string | null {
  if (!value) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const parsed = parseISO(value);
  return isValid(parsed) ? dayKey(parsed) : null;
}

/** Items by the day they fall on; items with no date are left out (the view counts them). */
export function placeByDay<T>(items: readonly T[], dateOf: (item: T) => string | null | undefined): Map<string, T[]> {
  const days = new Map<string, T[]>();
  for (const item of items) {
    const key = dayOf(dateOf(item));
    if (!key) continue;
    const list = days.get(key);
    if (list) list.push(item);
    else days.set(key, [item]);
  }
  return days;
}
