import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useFetcher, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { timelineKinds, type TimelineEvent, type TimelineKind } from "../../core/contracts/history";
import { historyPageContext, timelineOf } from "~/components/history/history.server";
import { HistoryErrorBoundary } from "~/components/history/HistoryErrorBoundary";
import { HistoryNav } from "~/components/history/HistoryNav";
import { TIMELINE_KIND_LABELS, TimelineEntry } from "~/components/history/TimelineEntry";
import historyStyles from "~/styles/history.css?url";
import type { ShellHandle } from "./_shell";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: historyStyles }];
export const handle: ShellHandle = { title: "Activity" };
export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: page ? `Activity · ${page.title || "Untitled"} · Brandwork` : "Activity · Brandwork" }];

/** How many pages the loader reads looking for a linked entry before showing the newest instead. */
const PAGES_TO_FIND_ENTRY = 5;

const isKind = (value: string | null): value is TimelineKind => timelineKinds.includes(value as TimelineKind);

/**
 * `/docs/:slug/activity/:eventId?` (SPEC section 2): the document's timeline, newest first,
 * paged by `oldest_timestamp`; `:eventId` opens on that entry. `?before=` is the next page (what
 * "Load older" fetches, or follows without JavaScript), `?kind=` filters.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const ctx = await historyPageContext(request, context, params.slug);
  const url = new URL(request.url);
  const kindParam = url.searchParams.get("kind");
  const kind = isKind(kindParam) ? kindParam : null;
  const before = url.searchParams.get("before");
  const eventId = params.eventId === undefined ? null : Number(params.eventId);
  if (eventId !== null && (!Number.isInteger(eventId) || eventId <= 0)) throw data("Activity entry not found", { status: 404 });

  let page = await timelineOf(ctx, { before, kind });
  const events: TimelineEvent[] = [...page.events];
  // A linked entry may be older than the first page: read on until it shows.
  for (let pages = 1; eventId !== null && !before && page.more_available && pages < PAGES_TO_FIND_ENTRY && !events.some((event) => event.id === eventId); pages++) {
    page = await timelineOf(ctx, { before: page.oldest_timestamp, kind });
    events.push(...page.events);
  }
  return {
    slug: ctx.slug,
    title: ctx.article.title,
    kind,
    before,
    eventId,
    found: eventId === null || events.some((event) => event.id === eventId),
    timeline: { events, oldest_timestamp: page.oldest_timestamp, more_available: page.more_available },
    now: Date.now(),
  };
}

export default function ActivityPage() {
  const page = useLoaderData<typeof loader>();
  const { slug, kind, eventId, now } = page;
  const older = useFetcher<typeof loader>();
  const submit = useSubmit();
  const navigating = useNavigation().state === "loading";
  // Pages "Load older" added below the loader's, until the loader answers anew (filter, link).
  const [extra, setExtra] = useState<{ events: TimelineEvent[]; oldest: string | null; more: boolean } | null>(null);
  useEffect(() => setExtra(null), [page]);
  useEffect(() => {
    if (older.state !== "idle" || !older.data) return;
    const next = older.data.timeline;
    setExtra((current) => ({ events: [...(current?.events ?? []), ...next.events], oldest: next.oldest_timestamp, more: next.more_available }));
  }, [older.state, older.data]);

  const events = [...page.timeline.events, ...(extra?.events ?? [])];
  const oldest = extra ? extra.oldest : page.timeline.oldest_timestamp;
  const more = extra ? extra.more : page.timeline.more_available;
  const olderQuery = (before: string) => `?${new URLSearchParams({ before, ...(kind ? { kind } : {}) })}`;

  const highlightedRef = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!highlightedRef.current) return;
    highlightedRef.current.scrollIntoView({ block: "center" });
    highlightedRef.current.focus({ preventScroll: true });
  }, [eventId]);

  return (
    <div className="page history-page">
      <HistoryNav slug={slug} title={page.title} />
      <h2 className="history-page__title">Activity</h2>
      <Form method="get" action={`/docs/${slug}/activity`} className="history-filter" onChange={(event) => submit(event.currentTarget, { replace: true })}>
        <label>
          <span>Show</span>{" "}
          <select name="kind" defaultValue={kind ?? ""} key={kind ?? ""}>
            <option value="">Everything</option>
            {timelineKinds.map((value) => (
              <option key={value} value={value}>
                {TIMELINE_KIND_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        <noscript>
          <button type="submit" className="button button--small">
            Filter
          </button>
        </noscript>
      </Form>
      {page.before ? (
        <p className="history-notice">
          Showing older activity. <Link to={`/docs/${slug}/activity${kind ? `?kind=${kind}` : ""}`}>Back to the newest</Link>
        </p>
      ) : null}
      {!page.found ? (
        <p className="history-notice" role="status">
          That entry is not among the recent activity{kind ? " shown by this filter" : ""}. Here is the newest.
        </p>
      ) : null}
      {events.length === 0 ? (
        <div className="history-empty">
          <p>{kind ? `No ${TIMELINE_KIND_LABELS[kind].toLowerCase()} yet.` : "Nothing has happened to this document yet."}</p>
          <p>{kind ? <Link to={`/docs/${slug}/activity`}>Show everything</Link> : <Link to={`/docs/${slug}`}>Open the document and start writing</Link>}</p>
        </div>
      ) : (
        <ol className="timeline" aria-busy={navigating || undefined} data-testid="timeline">
          {events.map((event) => (
            <TimelineEntry key={`${event.id}-${event.created_at}`} ref={event.id === eventId ? highlightedRef : undefined} event={event} slug={slug} now={now} highlighted={event.id === eventId} />
          ))}
        </ol>
      )}
      {more && oldest ? (
        <p className="history-more">
          <Link
            to={olderQuery(oldest)}
            className="button"
            onClick={(click) => {
              click.preventDefault();
              older.load(`/docs/${slug}/activity${olderQuery(oldest)}`);
            }}
            aria-disabled={older.state !== "idle" || undefined}
          >
            {older.state !== "idle" ? "Loading…" : "Load older"}
          </Link>
        </p>
      ) : events.length > 0 ? (
        <p className="history-more history-more--end">{kind ? "No older entries of this kind." : "That is everything since the document was created."}</p>
      ) : null}
    </div>
  );
}

export { HistoryErrorBoundary as ErrorBoundary };
