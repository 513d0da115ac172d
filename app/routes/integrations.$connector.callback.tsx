import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { createDb } from "../../worker/db/client";
import { completeConnect, connectCookie, connectedNotice, ConnectRefused, landingPath, readConnectCookie } from "../../worker/services/connections/flow";
import { requireUser } from "~/lib/session.server";

/**
 * `/integrations/:connector/callback?code&state` (or `error=access_denied`): the network sends
 * the browser back. One account is connected at once; several go to the chooser. Every
 * outcome lands on a page in words, never an error page; the verifier's cookie is cleared.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user, currentWorkspace } = await requireUser(request, context);
  const { env } = context.cloudflare;
  const url = new URL(request.url);
  const cleared = connectCookie(url.origin, null);
  const query = url.searchParams;
  try {
    const result = await completeConnect(
      { db: createDb(env.DB), env },
      {
        user: { id: user.id, isSuperAdmin: user.is_super_admin },
        connectorId: params.connector ?? "",
        origin: url.origin,
        code: query.get("code"),
        state: query.get("state"),
        error: query.get("error"),
        errorDescription: query.get("error_description"),
        cookie: readConnectCookie(request.headers.get("Cookie")),
      },
    );
    if (result.kind === "choose") return redirect(`/integrations/choose/${result.pendingId}`, { headers: { "Set-Cookie": cleared } });
    return redirect(landingPath(result.workspaceId, result.target, { notice: connectedNotice(result) }), { headers: { "Set-Cookie": cleared } });
  } catch (error) {
    if (!(error instanceof ConnectRefused)) throw error;
    return redirect(landingPath(error.workspaceId ?? currentWorkspace?.id ?? null, error.target, { error: error.message }), { headers: { "Set-Cookie": cleared } });
  }
}
