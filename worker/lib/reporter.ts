import { Toucan } from "toucan-js";
import { version } from "../../package.json";

export interface ReporterContext {
  env: Pick<Env, "SENTRY_DSN" | "APP_ENV">;
  ctx: Pick<ExecutionContext, "waitUntil">;
  request?: Request;
}

/** Breadcrumb cap shared with the browser reporter (SPEC section 9). */
export const MAX_BREADCRUMBS = 100;

/**
 * The Worker's error reporter: Sentry through toucan-js when SENTRY_DSN is set, and
 * nothing at all otherwise (the error still reaches `wrangler tail` through console).
 */
export function createReporter({ env, ctx, request }: ReporterContext): Toucan | null {
  if (!env.SENTRY_DSN) return null;
  return new Toucan({
    dsn: env.SENTRY_DSN,
    context: ctx,
    request,
    environment: env.APP_ENV,
    release: version,
    maxBreadcrumbs: MAX_BREADCRUMBS,
    requestDataOptions: { allowedHeaders: ["user-agent", "x-session-uuid", "x-workspace-id"] },
  });
}

export function reportError(context: ReporterContext, error: unknown, tags: Record<string, string> = {}) {
  console.error(error);
  const reporter = createReporter(context);
  if (!reporter) return;
  for (const [key, value] of Object.entries(tags)) reporter.setTag(key, value);
  reporter.captureException(error);
  // Event processing is async before the transport registers its own waitUntil; keep
  // the Worker alive until the event has actually been sent.
  context.ctx.waitUntil(Promise.resolve(reporter.getClient()?.flush(2_000)));
}
