import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { InsightsDayOut } from "../../../core/contracts/insights";
import { formatCompact, formatCount, formatDay } from "../analytics/format";

const AXIS = { fontSize: 12, fill: "var(--text-muted)" };
const TOOLTIP = { contentStyle: { background: "var(--surface)", border: "1px solid var(--border)", borderRadius: 8, color: "var(--text)" } };

/**
 * Views and unique readers per day (recharts), drawn in the browser only: the table beside it
 * has the same figures for the first paint and for screen readers.
 */
export default function ReadershipChart({ series }: { series: InsightsDayOut[] }) {
  const dot = series.length < 2 ? { r: 4 } : false;
  return (
    <ResponsiveContainer width="100%" height={240}>
      <AreaChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid stroke="var(--border)" vertical={false} />
        <XAxis dataKey="day" tickFormatter={(day: string) => formatDay(day)} tick={AXIS} minTickGap={24} tickMargin={6} />
        <YAxis tickFormatter={formatCompact} tick={AXIS} width={36} allowDecimals={false} />
        <Tooltip {...TOOLTIP} labelFormatter={(day) => formatDay(String(day), true)} formatter={(value) => formatCount(Number(value))} />
        <Legend wrapperStyle={{ fontSize: 13 }} />
        <Area type="monotone" dataKey="views" name="Views" stroke="var(--accent)" fill="var(--accent-soft)" strokeWidth={2} dot={dot} isAnimationActive={false} />
        <Area type="monotone" dataKey="unique_readers" name="Unique readers" stroke="var(--ok)" fill="transparent" strokeWidth={2} dot={dot} isAnimationActive={false} />
      </AreaChart>
    </ResponsiveContainer>
  );
}
