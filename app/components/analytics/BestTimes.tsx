import type { CSSProperties } from "react";
import type { AnalyticsOut } from "../../../core/contracts/analytics";
import { count } from "../../../core/counting";
import { formatRate, hourSlot, WEEKDAYS, WEEKDAYS_SHORT } from "./format";
import { Section, TableFrame } from "./Section";

type Slot = AnalyticsOut["best_times"][number];
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** The slot with the best engagement rate among those with posts (more posts break a tie: more evidence). */
export function bestSlot(slots: readonly Slot[]): Slot | null {
  let best: Slot | null = null;
  for (const slot of slots) {
    // A slot whose posts drew no engagement is no one's best time.
    if (slot.posts === 0 || !slot.engagement_rate) continue;
    if (!best || slot.engagement_rate > best.engagement_rate! || (slot.engagement_rate === best.engagement_rate && slot.posts > best.posts)) best = slot;
  }
  return best;
}

/** "Best: Tuesdays 9–10", or what is missing to say. */
export function bestSummary(slots: readonly Slot[]): string {
  const best = bestSlot(slots);
  return best ? `Best: ${WEEKDAYS[best.weekday]}s ${hourSlot(best.hour)}` : "No engagements yet to tell the best time from.";
}

/**
 * When the workspace's posts did best: weekday × hour in the viewer's zone, each cell shaded by
 * the engagement rate of the posts published then. The heatmap is a picture; the sentence
 * above it and the table behind it say the same in words.
 */
export function BestTimes({ slots, tz, csv }: { slots: Slot[]; tz: string; csv: string }) {
  const cells = new Map(slots.map((slot) => [`${slot.weekday}:${slot.hour}`, slot]));
  const rates = slots.filter((slot) => slot.posts > 0 && slot.engagement_rate !== null).map((slot) => slot.engagement_rate!);
  const top = Math.max(0, ...rates);
  const best = bestSlot(slots);
  const measured = slots.filter((slot) => slot.posts > 0).sort((a, b) => (b.engagement_rate ?? -1) - (a.engagement_rate ?? -1) || a.weekday - b.weekday || a.hour - b.hour);

  return (
    <Section id="analytics-best-times" title="Best days and hours to post" intro={`From this workspace's own posts of the past year (within the filters), so there is enough to go on; hours in ${tz}.`} csv={csv} csvName="the days and hours">
      <p className="best-times__summary">
        <strong>{bestSummary(slots)}</strong>
        {best ? <span className="muted"> ({formatRate(best.engagement_rate)} engagement rate over {count(best.posts, "post")})</span> : null}
      </p>
      {measured.length > 0 ? (
        <>
          <div className="heatmap" aria-hidden="true" data-testid="best-times-heatmap">
            <span />
            {HOURS.map((hour) => (
              <span key={hour} className="heatmap__hour">
                {hour % 6 === 0 ? hour : ""}
              </span>
            ))}
            {WEEKDAYS_SHORT.map((day, weekday) => (
              <div key={day} className="heatmap__row">
                <span className="heatmap__day">{day}</span>
                {HOURS.map((hour) => {
                  const slot = cells.get(`${weekday}:${hour}`);
                  const posted = slot !== undefined && slot.posts > 0;
                  const rate = posted ? slot.engagement_rate : null;
                  // Posts without engagement (or without impressions) take the palest shade; only a slot without posts is grey.
                  const level = posted ? (rate !== null && top > 0 ? rate / top : 0) : null;
                  return (
                    <span
                      key={hour}
                      className={`heatmap__cell${level === null ? " heatmap__cell--empty" : ""}${best && best.weekday === weekday && best.hour === hour ? " heatmap__cell--best" : ""}`}
                      style={level === null ? undefined : ({ "--level": level.toFixed(3) } as CSSProperties)}
                      title={posted ? `${WEEKDAYS[weekday]} ${hourSlot(hour)}: ${formatRate(rate)} over ${count(slot.posts, "post")}` : undefined}
                    />
                  );
                })}
              </div>
            ))}
          </div>
          <p className="heatmap__legend" aria-hidden="true">
            <span>Lower rate</span>
            <span className="heatmap__scale" />
            <span>Higher rate</span>
            <span className="heatmap__cell heatmap__cell--empty heatmap__key" />
            <span>No posts</span>
          </p>
          <details className="analytics-table-toggle">
            <summary>Show as a table</summary>
            <TableFrame label="Engagement rate by day and hour">
              <table className="analytics-table">
                <caption className="visually-hidden">Engagement rate by day and hour, best first</caption>
                <thead>
                  <tr>
                    <th scope="col">Day</th>
                    <th scope="col">Hour</th>
                    <th scope="col">Posts</th>
                    <th scope="col">Engagement rate</th>
                  </tr>
                </thead>
                <tbody>
                  {measured.map((slot) => (
                    <tr key={`${slot.weekday}:${slot.hour}`}>
                      <th scope="row">{WEEKDAYS[slot.weekday]}</th>
                      <td data-label="Hour">{hourSlot(slot.hour)}</td>
                      <td data-label="Posts">{slot.posts}</td>
                      <td data-label="Engagement rate">{formatRate(slot.engagement_rate)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableFrame>
          </details>
        </>
      ) : null}
    </Section>
  );
}
