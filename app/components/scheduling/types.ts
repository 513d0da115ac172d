import { Temporal } from "temporal-polyfill";
import type { NetworkLimits } from "../../../core/publishing/limits";
import type { presentAccount, presentPost, presentSchedule } from "../../../worker/presenters/posts";

/** The scheduling pages' shapes, taken from the API's presenters rather than written twice. */
export type Account = ReturnType<typeof presentAccount>;
export type Post = ReturnType<typeof presentPost>;
export type Target = Post["targets"][number];
export type Schedule = ReturnType<typeof presentSchedule>;
export type LimitsTable = Record<string, NetworkLimits>;

/** `Mon 7 Jan, 09:30` in a zone. */
export function formatWhen(iso: string | null, zone: string) {
  if (!iso) return "";
  return new Intl.DateTimeFormat("en-GB", { timeZone: zone, weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" }).format(new Date(iso));
}

/** `YYYY-MM-DDTHH:mm` of an instant in a zone, for <input type="datetime-local">. */
export function localInputValue(iso: string, zone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** A wall-clock time moved by whole days and a time of day change (what a calendar drag gives). */
export function shiftLocal(local: string, days: number, milliseconds: number) {
  return Temporal.PlainDateTime.from(local).add({ days, milliseconds }).toString({ smallestUnit: "minute" });
}
