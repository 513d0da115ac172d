import { describe, expect, it } from "vitest";
import { buildEnvelope, createReporter, MAX_BREADCRUMBS, parseDsn } from "./reporter";

describe("the browser error reporter", () => {
  it("keeps at most 100 breadcrumbs, dropping the oldest", () => {
    const reporter = createReporter();
    for (let i = 0; i < 130; i++) reporter.addBreadcrumb({ category: "test", message: `crumb ${i}` });
    const crumbs = reporter.breadcrumbs();
    expect(MAX_BREADCRUMBS).toBe(100);
    expect(crumbs).toHaveLength(100);
    expect(crumbs[0]!.message).toBe("crumb 30");
    expect(crumbs[99]!.message).toBe("crumb 129");
  });

  it("finds Sentry's envelope endpoint from a public DSN", () => {
    expect(parseDsn("https://abc123@o1.ingest.sentry.io/4506")).toEqual({
      envelopeUrl: "https://o1.ingest.sentry.io/api/4506/envelope/?sentry_version=7&sentry_key=abc123",
      publicKey: "abc123",
      dsn: "https://abc123@o1.ingest.sentry.io/4506",
    });
    expect(parseDsn("")).toBeNull();
    expect(parseDsn("not a dsn")).toBeNull();
    expect(parseDsn("https://o1.ingest.sentry.io/4506")).toBeNull();
  });

  it("writes one event as an envelope: header, item header, event", () => {
    const dsn = parseDsn("https://key@sentry.example/42")!;
    const lines = buildEnvelope(
      dsn,
      { message: "API GET /x answered 502", level: "warning", extra: { status: 502 } },
      { eventId: "e1", now: 1_700_000_000_000, breadcrumbs: [{ timestamp: 1_700_000_000_000, category: "api", message: "GET /x" }] },
    ).split("\n");
    expect(lines).toHaveLength(3);
    expect(JSON.parse(lines[0]!)).toMatchObject({ event_id: "e1", dsn: dsn.dsn });
    expect(JSON.parse(lines[1]!)).toEqual({ type: "event" });
    const event = JSON.parse(lines[2]!);
    expect(event).toMatchObject({ level: "warning", message: { formatted: "API GET /x answered 502" }, extra: { status: 502 } });
    expect(event.breadcrumbs.values[0]).toMatchObject({ category: "api", timestamp: 1_700_000_000 });
  });
});
