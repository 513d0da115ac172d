import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { createDb } from "../../worker/db/client";
import { ConnectRefused, landingPath, startConnect } from "../../worker/services/connections/flow";
import { requireUser } from "~/lib/session.server";

/**
 * `/integrations/:connector/connect?workspace=&instance=&account=`: off to the network to
 * connect an account (or a service), with PKCE and a signed state; any refusal lands on the
 * workspace's page in words. The flow itself is worker/services/connections/flow.ts.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user, currentWorkspace } = await requireUser(request, context);
  const { env } = context.cloudflare;
  const url = new URL(request.url);
  const workspaceId = Number(url.searchParams.get("workspace"));
  const accountId = Number(url.searchParams.get("account")) || null;
  try {
    if (!Number.isSafeInteger(workspaceId) || workspaceId <= 0) throw new ConnectRefused("Choose the workspace to connect the account to.");
    const { location, cookie } = await startConnect(
      { db: createDb(env.DB), env },
      { user: { id: user.id, isSuperAdmin: user.is_super_admin }, workspaceId, connectorId: params.connector ?? "", origin: url.origin, instance: url.searchParams.get("instance"), accountId },
    );
    return redirect(location, { headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
  } catch (error) {
    if (!(error instanceof ConnectRefused)) throw error;
    return redirect(landingPath(error.workspaceId ?? currentWorkspace?.id ?? null, error.target, { error: error.message }));
  }
}
