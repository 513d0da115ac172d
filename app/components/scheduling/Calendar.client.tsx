import FullCalendar, { type CalendarRef } from "@fullcalendar/react";
import dayGridPlugin from "@fullcalendar/react/daygrid";
import interactionPlugin from "@fullcalendar/react/interaction";
import listPlugin from "@fullcalendar/react/list";
import classicThemePlugin from "@fullcalendar/react/themes/classic";
import timeGridPlugin from "@fullcalendar/react/timegrid";
import { useEffect, useRef } from "react";
import { overallState, TARGET_STATE_LABELS } from "../../../core/publishing/states";
import { usePhoneLayout } from "../ui/usePhoneLayout";
import type { Account, Post } from "./types";

interface CalendarProps {
  posts: Post[];
  accounts: Account[];
  zone: string;
  editable: boolean;
  onRange: (from: Date, to: Date) => void;
  onOpen: (post: Post) => void;
  /** A wall-clock time in `zone`: `YYYY-MM-DDTHH:mm`. */
  onCompose: (localTime: string) => void;
  /** How far the post was dragged, in wall-clock days and milliseconds (DST-safe). */
  onMove: (post: Post, delta: { days: number; milliseconds: number }, revert: () => void) => void;
}

const MOVABLE = new Set(["draft", "scheduled", "failed", "missed"]);

/** Event colours per state, dark enough for white text (WCAG AA) in both colour schemes. */
const STATE_COLORS: Record<string, string> = {
  draft: "#4b5563",
  scheduled: "#1d4ed8",
  publishing: "#92400e",
  published: "#166534",
  failed: "#b42318",
  missed: "#b42318",
  cancelled: "#4b5563",
};

/**
 * Each layout's views and toolbar. A month grid is seven columns of about 48 px on a phone, too
 * narrow for a post's words: there the calendar opens on the week's list (every post, its
 * time and its words, at full width), with the day and the month a tap away, and a two-row
 * toolbar that fits 320 px.
 */
const LAYOUTS = {
  desktop: {
    initialView: "dayGridMonth",
    headerToolbar: { start: "prev,next today", center: "title", end: "dayGridMonth,timeGridWeek,timeGridDay,listWeek" },
    footerToolbar: false,
    views: {},
  },
  phone: {
    initialView: "listWeek",
    headerToolbar: { start: "prev,next", end: "title" },
    footerToolbar: { start: "today", end: "listWeek,timeGridDay,dayGridMonth" },
    // "Nov 29 – Dec 5, 2026": the long week title is wider than a phone.
    views: { listWeek: { titleFormat: { year: "numeric", month: "short", day: "numeric" } } },
  },
} as const;

/**
 * FullCalendar 7 (month, week, day and list views) in the viewer's time zone. Client only:
 * the server renders the list beside it, and this file never reaches the Worker bundle.
 */
export default function Calendar({ posts, accounts, zone, editable, onRange, onOpen, onCompose, onMove }: CalendarProps) {
  const events = posts.map((post) => {
    const state = overallState(post.targets.map((t) => t.state));
    const names = post.targets.map((t) => accounts.find((a) => a.id === t.account_id)?.display_name ?? "?").join(", ");
    return {
      id: String(post.id),
      title: `${TARGET_STATE_LABELS[state]} · ${names}: ${post.text.slice(0, 60) || "(no text)"}`,
      start: post.publish_at ?? undefined,
      classNames: [`cal-event`, `cal-event--${state}`],
      color: STATE_COLORS[state],
      textColor: "#ffffff",
      editable: editable && post.targets.every((t) => MOVABLE.has(t.state)),
      extendedProps: { post },
    };
  });
  const phone = usePhoneLayout();
  const layout = LAYOUTS[phone ? "phone" : "desktop"];
  const calendar = useRef<CalendarRef>(null);
  const shown = useRef(layout);
  // Turning a tablet or resizing across the phone breakpoint opens that layout's own first view.
  useEffect(() => {
    if (shown.current === layout) return;
    shown.current = layout;
    calendar.current?.getApi().changeView(layout.initialView);
  }, [layout]);
  return (
    <FullCalendar
      ref={calendar}
      plugins={[classicThemePlugin, dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
      initialView={layout.initialView}
      timeZone={zone}
      headerToolbar={layout.headerToolbar}
      footerToolbar={layout.footerToolbar}
      views={layout.views}
      toolbarTitleClass="cal-toolbar-title"
      listItemEventTitleClass="cal-list-title"
      listItemEventTimeClass="cal-list-time"
      noEventsText="Nothing scheduled in this range."
      height="auto"
      nowIndicator
      // A post is an instant, drawn an hour long: one at 23:30 belongs to its own day, not also the next.
      nextDayThreshold="01:00"
      events={events}
      eventDisplay="block"
      datesSet={(info: { start: Date; end: Date }) => onRange(info.start, info.end)}
      eventClick={(info: { event: { extendedProps: Record<string, unknown> }; jsEvent: Event }) => {
        info.jsEvent.preventDefault();
        onOpen(info.event.extendedProps.post as Post);
      }}
      dateClick={(info: { dateStr: string }) => editable && onCompose(info.dateStr.length > 10 ? info.dateStr.slice(0, 16) : `${info.dateStr}T09:00`)}
      eventDrop={(info: { delta: { years?: number; months?: number; days?: number; milliseconds?: number }; event: { extendedProps: Record<string, unknown> }; revert: () => void }) => {
        const { years = 0, months = 0, days = 0, milliseconds = 0 } = info.delta;
        if (years || months) return info.revert();
        onMove(info.event.extendedProps.post as Post, { days, milliseconds }, info.revert);
      }}
    />
  );
}
