import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatCompact, formatCount, formatDay } from "./format";

/**
 * The analytics charts (recharts), drawn in the browser only: the server paints the tables
 * they stand in front of, so the figures are there before the charts load and for anyone who
 * cannot see them. The charts themselves are hidden from screen readers for the same reason.
 */

const AXIS = { fontSize: 12, fill: "var(--text-muted)" };
const TOOLTIP = { contentStyle: { background: "var(--surface)", border: "1px solid var(--border)", borderRadius: 8, color: "var(--text)" } };

export interface SeriesPoint {
  day: string;
  impressions: number;
  engagements: number;
}

/** Impressions and engagements per day, each on its own scale (impressions run far higher). */
export default function SeriesChart({ series }: { series: SeriesPoint[] }) {
  // A one-day period has no line to draw: its point is shown instead.
  const dot = series.length < 2 ? { r: 4 } : false;
  return (
    <ResponsiveContainer width="100%" height={260}>
      <LineChart data={series} margin={{ top: 8, right: 4, bottom: 0, left: 4 }} accessibilityLayer={false}>
        <CartesianGrid stroke="var(--border)" vertical={false} />
        <XAxis dataKey="day" tickFormatter={(day: string) => formatDay(day)} tick={AXIS} minTickGap={24} tickMargin={6} />
        <YAxis yAxisId="impressions" tickFormatter={formatCompact} tick={AXIS} width={44} allowDecimals={false} />
        <YAxis yAxisId="engagements" orientation="right" tickFormatter={formatCompact} tick={AXIS} width={40} allowDecimals={false} />
        <Tooltip {...TOOLTIP} labelFormatter={(day) => formatDay(String(day), true)} formatter={(value) => formatCount(Number(value))} />
        <Legend wrapperStyle={{ fontSize: 13 }} />
        <Line yAxisId="impressions" type="monotone" dataKey="impressions" name="Impressions" stroke="var(--accent)" strokeWidth={2} dot={dot} isAnimationActive={false} />
        <Line yAxisId="engagements" type="monotone" dataKey="engagements" name="Engagements" stroke="var(--ok)" strokeWidth={2} dot={dot} isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}

const truncate = (label: string, max = 16) => (label.length > max ? `${label.slice(0, max - 1)}…` : label);

/** One bar per network or campaign: its engagements, labels beside the bars so long names fit a phone. */
export function BreakdownChart({ rows }: { rows: { label: string; engagements: number }[] }) {
  return (
    <ResponsiveContainer width="100%" height={Math.max(120, rows.length * 40 + 40)}>
      <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 12, bottom: 4, left: 4 }} accessibilityLayer={false}>
        <CartesianGrid stroke="var(--border)" horizontal={false} />
        <XAxis type="number" tickFormatter={formatCompact} tick={AXIS} allowDecimals={false} />
        <YAxis type="category" dataKey="label" tick={AXIS} width={120} tickFormatter={(label: string) => truncate(label)} />
        <Tooltip {...TOOLTIP} formatter={(value) => formatCount(Number(value))} cursor={{ fill: "var(--hover)" }} />
        <Bar dataKey="engagements" name="Engagements" fill="var(--accent)" radius={[0, 4, 4, 0]} maxBarSize={24} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
