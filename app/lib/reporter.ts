/**
 * The browser's error reporter. It keeps the last MAX_BREADCRUMBS breadcrumbs (what the
 * user and the client did just before) and sends events to Sentry's envelope endpoint when
 * a public DSN is configured; without one, events go to the console. Small on purpose:
 * the first page's JavaScript budget has no room for a full SDK.
 */

/** SPEC section 9: at most 100 breadcrumbs. */
export const MAX_BREADCRUMBS = 100;

export type ReportLevel = "fatal" | "error" | "warning" | "info" | "debug";

export interface Breadcrumb {
  timestamp: number;
  category: string;
  message: string;
  level?: ReportLevel;
  data?: Record<string, unknown>;
}

export interface ParsedDsn {
  envelopeUrl: string;
  publicKey: string;
  dsn: string;
}

/** `https://<key>@<host>/<project>` to the envelope endpoint; null for anything else. */
export function parseDsn(dsn: string | null | undefined): ParsedDsn | null {
  if (!dsn) return null;
  let url: URL;
  try {
    url = new URL(dsn);
  } catch {
    return null;
  }
  const projectId = url.pathname.split("/").filter(Boolean).pop();
  if (!url.username || !projectId || !/^https?:$/.test(url.protocol)) return null;
  const prefix = url.pathname.slice(0, url.pathname.lastIndexOf("/" + projectId));
  return {
    envelopeUrl: `${url.protocol}//${url.host}${prefix}/api/${projectId}/envelope/?sentry_version=7&sentry_key=${url.username}`,
    publicKey: url.username,
    dsn,
  };
}

export interface ReportEvent {
  message: string;
  level: ReportLevel;
  extra?: Record<string, unknown>;
  exception?: { type: string; value: string; stack?: string };
}

/** One event as a Sentry envelope: a header line, an item header line and the event. */
export function buildEnvelope(
  dsn: ParsedDsn,
  event: ReportEvent,
  context: { eventId: string; now: number; breadcrumbs: Breadcrumb[]; environment?: string; url?: string },
): string {
  const timestamp = context.now / 1000;
  const payload = {
    event_id: context.eventId,
    timestamp,
    platform: "javascript",
    level: event.level,
    environment: context.environment,
    message: event.exception ? undefined : { formatted: event.message },
    exception: event.exception ? { values: [event.exception] } : undefined,
    extra: event.extra,
    request: context.url ? { url: context.url } : undefined,
    breadcrumbs: {
      values: context.breadcrumbs.map((b) => ({ ...b, timestamp: b.timestamp / 1000 })),
    },
  };
  return [
    JSON.stringify({ event_id: context.eventId, sent_at: new Date(context.now).toISOString(), dsn: dsn.dsn }),
    JSON.stringify({ type: "event" }),
    JSON.stringify(payload),
  ].join("\n");
}

/** A reporter with its own breadcrumb trail; the app uses the one `reporter` below. */
export function createReporter(options: { dsn?: string | null; environment?: string } = {}) {
  const breadcrumbs: Breadcrumb[] = [];
  let parsed = parseDsn(options.dsn);
  let environment = options.environment;

  function addBreadcrumb(crumb: Omit<Breadcrumb, "timestamp">) {
    breadcrumbs.push({ timestamp: Date.now(), ...crumb });
    if (breadcrumbs.length > MAX_BREADCRUMBS) breadcrumbs.splice(0, breadcrumbs.length - MAX_BREADCRUMBS);
  }

  function send(event: ReportEvent) {
    if (!parsed) {
      const log = event.level === "info" || event.level === "debug" ? console.info : console.warn;
      log(`[report:${event.level}] ${event.message}`, event.extra ?? "");
      return;
    }
    const body = buildEnvelope(parsed, event, {
      eventId: crypto.randomUUID().replaceAll("-", ""),
      now: Date.now(),
      breadcrumbs: [...breadcrumbs],
      environment,
      url: typeof location === "undefined" ? undefined : location.href,
    });
    // keepalive lets the report leave even when the page is navigating away.
    fetch(parsed.envelopeUrl, { method: "POST", body, keepalive: true }).catch(() => {
      console.warn(`[report:${event.level}] ${event.message}`, event.extra ?? "");
    });
  }

  return {
    configure(next: { dsn?: string | null; environment?: string }) {
      parsed = parseDsn(next.dsn);
      environment = next.environment;
    },
    addBreadcrumb,
    breadcrumbs: () => [...breadcrumbs] as readonly Breadcrumb[],
    captureMessage(message: string, level: ReportLevel = "info", extra?: Record<string, unknown>) {
      send({ message, level, extra });
    },
    captureException(error: unknown, extra?: Record<string, unknown>) {
      const err = error instanceof Error ? error : new Error(String(error));
      send({
        message: err.message,
        level: "error",
        extra,
        exception: { type: err.name, value: err.message, stack: err.stack },
      });
    },
  };
}

export type Reporter = ReturnType<typeof createReporter>;

/** The browser's reporter; root configures it from the public settings on load. */
export const reporter = createReporter();
