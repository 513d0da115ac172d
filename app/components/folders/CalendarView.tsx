import { count, nounFor } from "../../../core/counting";
import { Link, useLocation } from "@remix-run/react";
import { format, isSameMonth } from "date-fns";
import { useEffect, useState } from "react";
import { calendarModes } from "../../../core/enums";
import { valueOf } from "./arrange";
import { calendarTitle, dayKey, monthGrid, parseDay, placeByDay, shiftAnchor, weekDays, type CalendarMode } from "./calendar";
import { docHref } from "./DocumentMeta";
import { FolderSettingSelect } from "./FolderSettingSelect";
import type { ArticleItem, FolderPageData, ValuesByArticle } from "./types";

const MODE_LABELS: Record<CalendarMode, string> = { month_view: "Month", week_view: "Week" };
/** A month cell lists this many documents, then "+N more". */
const MONTH_CELL_LIMIT = 3;

type DateSource = "created_at" | "updated_at" | number;

function withQuery(search: string, changes: Record<string, string | null>) {
  const query = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) query.delete(key);
    else query.set(key, value);
  }
  return `?${query}`;
}

/**
 * Documents placed on the day of their creation, last change or a date property, by month
 * or by week (`?mode=`), moving with previous, next and today (`?date=`). Days are this
 * browser's days, so the grid is drawn once the page is interactive.
 */
export function CalendarView({ page, articles, values }: { page: FolderPageData; articles: ArticleItem[]; values: ValuesByArticle }) {
  const location = useLocation();
  const query = new URLSearchParams(location.search);
  const [today, setToday] = useState<Date | null>(null);
  useEffect(() => setToday(new Date()), []);

  const requestedMode = query.get("mode");
  const mode: CalendarMode = calendarModes.includes(requestedMode as CalendarMode)
    ? (requestedMode as CalendarMode)
    : (page.folder.settings.calendar_mode ?? "month_view");
  const source = dateSource(page);
  const property = typeof source === "number" ? page.properties.find((candidate) => candidate.id === source) : undefined;
  const dateOf = (item: ArticleItem) => {
    if (source === "created_at") return item.created_at;
    if (source === "updated_at") return item.updated_at;
    const value = valueOf(values, item.id, source)?.value;
    return typeof value === "string" ? value : null;
  };

  if (!today) {
    return (
      <div className="calendar" aria-busy="true">
        <p className="muted">Loading the calendar…</p>
      </div>
    );
  }
  const anchor = parseDay(query.get("date"), today);
  const placed = placeByDay(articles, dateOf);
  const undated = articles.filter((item) => !dateOf(item)).length;
  const weeks = mode === "month_view" ? monthGrid(anchor) : [weekDays(anchor)];
  const title = calendarTitle(mode, anchor);
  const todayKey = dayKey(today);

  return (
    <div className="calendar" data-mode={mode}>
      <div className="calendar__toolbar">
        <h3 className="calendar__title" aria-live="polite">
          {title}
        </h3>
        <nav className="calendar__nav" aria-label="Move through the calendar">
          <Link className="button button--small" to={withQuery(location.search, { date: dayKey(shiftAnchor(mode, anchor, -1)) })} replace preventScrollReset aria-label={mode === "month_view" ? "Previous month" : "Previous week"}>
            ‹
          </Link>
          <Link className="button button--small" to={withQuery(location.search, { date: null })} replace preventScrollReset>
            Today
          </Link>
          <Link className="button button--small" to={withQuery(location.search, { date: dayKey(shiftAnchor(mode, anchor, 1)) })} replace preventScrollReset aria-label={mode === "month_view" ? "Next month" : "Next week"}>
            ›
          </Link>
        </nav>
        <div className="segmented" role="group" aria-label="Calendar range">
          {calendarModes.map((option) => (
            <Link
              key={option}
              to={withQuery(location.search, { mode: option })}
              replace
              preventScrollReset
              className="segmented__option"
              aria-current={option === mode ? "true" : undefined}
            >
              {MODE_LABELS[option]}
            </Link>
          ))}
        </div>
        <DateSourcePicker page={page} source={source} />
      </div>

      <div className="calendar__grid" role="grid" aria-label={title}>
        <div className="calendar__weekdays" role="row">
          {weeks[0]!.map((day) => (
            <span key={day.getDay()} role="columnheader" className="calendar__weekday">
              <abbr title={format(day, "EEEE")}>{format(day, "EEE")}</abbr>
            </span>
          ))}
        </div>
        {weeks.map((week) => (
          <div key={dayKey(week[0]!)} className="calendar__week" role="row">
            {week.map((day) => {
              const key = dayKey(day);
              const items = placed.get(key) ?? [];
              const shown = mode === "month_view" ? items.slice(0, MONTH_CELL_LIMIT) : items;
              const outside = mode === "month_view" && !isSameMonth(day, anchor);
              return (
                <div
                  key={key}
                  role="gridcell"
                  className="calendar__day"
                  data-outside={outside || undefined}
                  data-today={key === todayKey || undefined}
                  data-empty={items.length === 0 || undefined}
                  aria-label={`${format(day, "EEEE d MMMM")}: ${items.length === 0 ? "nothing" : count(items.length, "document")}`}
                >
                  <span className="calendar__date" aria-hidden="true">
                    <span className="calendar__weekday-inline">{format(day, "EEE")} </span>
                    {format(day, "d")}
                  </span>
                  <ul className="calendar__items">
                    {shown.map((item) => (
                      <li key={item.id}>
                        <Link to={docHref(item)} className="calendar__item" data-status={item.status}>
                          {item.title || "Untitled"}
                        </Link>
                      </li>
                    ))}
                  </ul>
                  {items.length > shown.length ? (
                    <Link className="calendar__more" to={withQuery(location.search, { mode: "week_view", date: key })} replace preventScrollReset>
                      +{items.length - shown.length} more
                    </Link>
                  ) : null}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      {weeks.flat().every((day) => !placed.has(dayKey(day))) ? (
        <p className="muted calendar__undated" role="status">
          Nothing on the calendar {mode === "month_view" ? "this month" : "this week"}. Use the arrows to look at other dates.
        </p>
      ) : null}
      {undated > 0 ? (
        <p className="muted calendar__undated">
          {count(undated, ["document has", "documents have"])} no {property?.name ?? "date"} and {nounFor(undated, ["isn't", "aren't"])} on the calendar.
        </p>
      ) : null}
    </div>
  );
}

/** What places documents: the folder's setting, if it still names a date property. */
function dateSource(page: FolderPageData): DateSource {
  const setting = page.folder.settings.calendar_date;
  if (typeof setting === "number") return page.properties.some((property) => property.id === setting && property.type === "date") ? setting : "created_at";
  return setting ?? "created_at";
}

function DateSourcePicker({ page, source }: { page: FolderPageData; source: DateSource }) {
  const dates = page.properties.filter((property) => property.type === "date");
  const labels: Record<string, string> = { created_at: "Created", updated_at: "Last modified" };
  if (!page.canEdit) {
    return <p className="calendar__source">By {typeof source === "number" ? dates.find((p) => p.id === source)?.name : labels[source]?.toLowerCase()}</p>;
  }
  return (
    <FolderSettingSelect
      page={page}
      className="calendar__source"
      label="Place by"
      value={String(source)}
      settingsFor={(value) => ({ calendar_date: value === "created_at" || value === "updated_at" ? value : Number(value) })}
      failure="We couldn't save that. Try again."
    >
      <option value="created_at">Created</option>
      <option value="updated_at">Last modified</option>
      {dates.map((property) => (
        <option key={property.id} value={property.id}>
          {property.name}
        </option>
      ))}
    </FolderSettingSelect>
  );
}
