import { useMemo } from "react";
import { timeZones } from "../../../core/publishing/time";

/** The `<option>`s of a time zone select: every zone the browser (or the Worker, rendering) knows. */
export function TimeZoneOptions({ current }: { current: string }) {
  const zones = useMemo(() => {
    const all = timeZones();
    // A zone saved elsewhere that this runtime lacks still shows as chosen.
    return all.includes(current) ? all : [current, ...all];
  }, [current]);
  return (
    <>
      {zones.map((zone) => (
        <option key={zone} value={zone}>
          {zone.replaceAll("_", " ")}
        </option>
      ))}
    </>
  );
}
