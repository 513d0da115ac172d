import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { idParam } from "../../core/contracts/common";
import { createDb } from "../../worker/db/client";
import { HttpError } from "../../worker/lib/errors";
import { serveStored } from "../../worker/services/storage";
import { readableUploadFor } from "../../worker/services/uploads";
import { getSession } from "~/lib/session.server";

const refuse = (status: number, message: string) => Response.json({ error: "refused", message }, { status, headers: { "Cache-Control": "no-store" } });

/**
 * `/files/:id`: an uploaded file for pages, with the cookie session, so `<img src="/files/12">`
 * works where the API's auth header can't be sent. Same rules and headers as
 * `GET /v1/files/:id/content`.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const parsed = idParam.safeParse(params);
  if (!parsed.success) return refuse(404, "File not found");
  const lookup = await getSession(request, context);
  if (lookup.status !== "signed_in") return refuse(401, "Sign in to see this file");
  const { env } = context.cloudflare;
  const { user, auth } = lookup.session;
  try {
    const { upload } = await readableUploadFor(createDb(env.DB), {
      user: { id: user.id, isSuperAdmin: user.is_super_admin },
      superAdminHeader: auth.superAdminMode === null ? undefined : String(auth.superAdminMode),
    }, parsed.data.id);
    return await serveStored(env, upload, request);
  } catch (error) {
    if (error instanceof HttpError) return refuse(error.status, error.message);
    throw error;
  }
}
