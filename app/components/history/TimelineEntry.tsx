import { Link } from "@remix-run/react";
import { forwardRef, type ComponentType, type SVGProps } from "react";
import type { TimelineEvent, TimelineKind } from "../../../core/contracts/history";
import { CheckIcon, ClockIcon, CopyIcon, DocIcon, GlobeIcon, InboxIcon, PulseIcon, ShareIcon, TagIcon } from "../ui/icons";
import { When } from "./When";

export const TIMELINE_KIND_LABELS: Record<TimelineKind, string> = {
  edit: "Edits",
  comment: "Comments",
  review: "Reviews",
  status: "Status changes",
  share: "Sharing",
  publish: "Publishing",
  branch: "Branches",
  version: "Restores",
  other: "Other",
};

const ICONS: Record<TimelineKind, ComponentType<SVGProps<SVGSVGElement>>> = {
  edit: DocIcon,
  comment: InboxIcon,
  review: CheckIcon,
  status: TagIcon,
  share: ShareIcon,
  publish: GlobeIcon,
  branch: CopyIcon,
  version: ClockIcon,
  other: PulseIcon,
};

interface TimelineEntryProps {
  event: TimelineEvent;
  slug: string;
  now: number;
  highlighted: boolean;
}

/** One line of the timeline: what kind, who and what, when; a link to the version it made. */
export const TimelineEntry = forwardRef<HTMLLIElement, TimelineEntryProps>(function TimelineEntry({ event, slug, now, highlighted }, ref) {
  const Icon = ICONS[event.kind] ?? PulseIcon;
  return (
    <li
      ref={ref}
      id={`event-${event.id}`}
      className={`timeline__entry${highlighted ? " timeline__entry--highlighted" : ""}`}
      data-kind={event.kind}
      aria-current={highlighted ? "true" : undefined}
      tabIndex={highlighted ? -1 : undefined}
    >
      <span className="timeline__icon" aria-hidden="true">
        <Icon width={16} height={16} />
      </span>
      <div className="timeline__body">
        <p className="timeline__summary">
          <Link to={`/docs/${slug}/activity/${event.id}`} className="timeline__permalink">
            {event.summary}
          </Link>
          {event.count > 1 ? <span className="timeline__count"> · {event.count} edits</span> : null}
        </p>
        <p className="timeline__meta">
          <span className="visually-hidden">{TIMELINE_KIND_LABELS[event.kind]}: </span>
          {/* The summary names who acted, mostly; otherwise the meta line does. */}
          {event.creator && !event.summary.includes(event.creator.name) ? <span className="timeline__person">{event.creator.name} · </span> : null}
          <When iso={event.ended_at} now={now} />
          {event.version_id !== null ? (
            <>
              {" · "}
              <Link to={`/docs/${slug}/history/${event.version_id}`}>See this version</Link>
            </>
          ) : null}
        </p>
      </div>
    </li>
  );
});
