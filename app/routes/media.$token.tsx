import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { createDb } from "../../worker/db/client";
import { HttpError } from "../../worker/lib/errors";
import { serveMediaLink } from "../../worker/services/connections/media-links";

/**
 * `/media/:token`: one post's upload for a network that fetches media itself (Instagram,
 * Threads, Pinterest). No session: the signed, day-long token is the permission; a forged or
 * expired one is the same 404 as a missing file.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  try {
    return await serveMediaLink(createDb(env.DB), env, params.token ?? "", request);
  } catch (error) {
    if (error instanceof HttpError) return Response.json({ error: "not_found", message: "File not found" }, { status: 404, headers: { "Cache-Control": "no-store" } });
    throw error;
  }
}
