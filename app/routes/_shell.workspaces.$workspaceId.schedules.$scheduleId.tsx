import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { weekdays, type WeeklySlot } from "../../core/publishing/time";
import { schedulePage } from "~/components/scheduling/scheduling.server";
import { StateBadge } from "~/components/scheduling/PostDetails";
import { formatWhen } from "~/components/scheduling/types";
import { FormAlert } from "~/components/ui/Field";
import { api, ApiError } from "~/lib/api";
import { overallState } from "../../core/publishing/states";
import styles from "~/styles/scheduling.css?url";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "Posting schedule" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.schedule.name} · Brandwork` : "Posting schedule · Brandwork" }];
export const loader = ({ request, context, params }: LoaderFunctionArgs) => schedulePage(request, context, params.workspaceId, params.scheduleId);

const DAY_LABELS: Record<string, string> = { mon: "Mon", tue: "Tue", wed: "Wed", thu: "Thu", fri: "Fri", sat: "Sat", sun: "Sun" };

/** A posting schedule: its weekly slots, pause, and its queue, reordered with the keyboard or buttons. */
export default function SchedulePage() {
  const { workspace, schedule, account, canEdit } = useLoaderData<typeof loader>();
  const { queue } = schedule;
  const revalidator = useRevalidator();
  const [slots, setSlots] = useState<WeeklySlot[]>(schedule.slots);
  const [day, setDay] = useState<WeeklySlot["day"]>("mon");
  const [time, setTime] = useState("09:30");
  const [message, setMessage] = useState<{ text: string; tone: "info" | "error" } | null>(null);
  const waiting = queue.filter((post) => post.targets.some((t) => t.state === "draft" || t.state === "scheduled"));

  async function run(work: () => Promise<unknown>, done: string) {
    setMessage(null);
    try {
      await work();
      setMessage({ text: done, tone: "info" });
      revalidator.revalidate();
    } catch (failure) {
      setMessage({ text: failure instanceof ApiError ? failure.problem.message : "That did not work. Try again.", tone: "error" });
    }
  }
  const saveSlots = (next: WeeklySlot[]) => {
    setSlots(next);
    void run(() => api.patch(`/schedules/${schedule.id}`, { slots: next }), "Slots saved.");
  };
  const moveQueue = (index: number, by: -1 | 1) => {
    const order = waiting.map((post) => post.id);
    const [moved] = order.splice(index, 1);
    order.splice(index + by, 0, moved!);
    void run(() => api.put(`/schedules/${schedule.id}/queue`, { post_ids: order }), "Queue reordered: the posts took the slots in their new order.");
  };

  return (
    <div className="page scheduling-page">
      <header className="scheduling-page__header">
        <div>
          <h1 className="page__title">{schedule.name}</h1>
          <p className="muted">
            {account ? `${account.display_name} (${account.network_label})` : "Account removed"} · times in {schedule.time_zone}
            {schedule.paused ? " · paused: its posts are held" : ""}
          </p>
        </div>
        <Link className="button" to={`/workspaces/${workspace.id}/scheduled-posts`}>
          Back to the calendar
        </Link>
      </header>
      {message ? <FormAlert message={message.text} tone={message.tone} /> : null}
      <section aria-labelledby="slots-heading">
        <h2 id="slots-heading">Weekly slots</h2>
        {slots.length === 0 ? <p className="muted">No slots yet: add the days and times this account posts.</p> : null}
        <ul className="slot-list">
          {slots.map((slot, index) => (
            <li key={`${slot.day}-${slot.time}`}>
              {DAY_LABELS[slot.day]} {slot.time}
              {canEdit ? (
                <button type="button" className="link-button" onClick={() => saveSlots(slots.filter((_, i) => i !== index))} aria-label={`Remove ${DAY_LABELS[slot.day]} ${slot.time}`}>
                  Remove
                </button>
              ) : null}
            </li>
          ))}
        </ul>
        {canEdit ? (
          <form
            className="slot-form"
            onSubmit={(event) => {
              event.preventDefault();
              if (!slots.some((s) => s.day === day && s.time === time)) saveSlots([...slots, { day, time }]);
            }}
          >
            <label>
              Day{" "}
              <select className="input" value={day} onChange={(e) => setDay(e.target.value as WeeklySlot["day"])}>
                {weekdays.map((d) => (
                  <option key={d} value={d}>
                    {DAY_LABELS[d]}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Time <input className="input" type="time" value={time} onChange={(e) => setTime(e.target.value)} required />
            </label>
            <button type="submit" className="button">
              Add slot
            </button>
            <button type="button" className="button" onClick={() => void run(() => api.patch(`/schedules/${schedule.id}`, { paused: !schedule.paused }), schedule.paused ? "Resumed." : "Paused: posts in this queue are held.")}>
              {schedule.paused ? "Resume schedule" : "Pause schedule"}
            </button>
          </form>
        ) : null}
      </section>
      <section aria-labelledby="queue-heading">
        <h2 id="queue-heading">Queue</h2>
        {queue.length === 0 ? <p className="muted">The queue is empty. In the composer, “Add to queue” puts a post in the next free slot.</p> : null}
        <ol className="queue-list">
          {queue.map((post) => {
            const index = waiting.findIndex((p) => p.id === post.id);
            return (
              <li key={post.id}>
                <StateBadge state={overallState(post.targets.map((t) => t.state))} /> <span className="upcoming__when">{formatWhen(post.publish_at, schedule.time_zone)}</span> {post.text.slice(0, 80)}
                {canEdit && index >= 0 ? (
                  <span className="queue-list__moves">
                    <button type="button" className="link-button" disabled={index === 0} onClick={() => moveQueue(index, -1)} aria-label="Move earlier">
                      ↑
                    </button>
                    <button type="button" className="link-button" disabled={index === waiting.length - 1} onClick={() => moveQueue(index, 1)} aria-label="Move later">
                      ↓
                    </button>
                  </span>
                ) : null}
              </li>
            );
          })}
        </ol>
      </section>
    </div>
  );
}
