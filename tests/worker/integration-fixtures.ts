import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { thirdPartyIntegrations, type IntegrationKind, type ThirdPartyIntegration, type User, type Workspace } from "../../worker/db/schema";
import worker from "../../worker/index";
import { integrationBinding } from "../../worker/services/integrations";
import { decryptCredentials, encryptCredentials, type Credentials } from "../../worker/services/publishing/credentials";
import { db } from "../factories";

/**
 * A connected integration as the connect flow stores it: a third_party_integrations row with
 * its credentials sealed to its workspace, service and external id.
 */
export async function buildIntegration(
  workspace: Pick<Workspace, "id">,
  owner: Pick<User, "id">,
  values: { provider: string; kind: IntegrationKind; externalId: string; credentials: Credentials; tokenExpiresAt?: number | null; settings?: Record<string, string>; displayName?: string },
  env: Env,
): Promise<ThirdPartyIntegration> {
  const binding = integrationBinding({ workspaceId: workspace.id, provider: values.provider, externalId: values.externalId });
  const [row] = await db
    .insert(thirdPartyIntegrations)
    .values({
      workspaceId: workspace.id,
      userId: owner.id,
      kind: values.kind,
      provider: values.provider,
      externalId: values.externalId,
      displayName: values.displayName ?? values.externalId,
      credentials: await encryptCredentials(env, values.credentials, binding),
      tokenExpiresAt: values.tokenExpiresAt ?? null,
      settings: values.settings ?? {},
    })
    .returning();
  return row!;
}

/** The integration's row and unsealed credentials now. */
export async function reloadIntegration(id: number, env: Env) {
  const [row] = await db.select().from(thirdPartyIntegrations).where(eq(thirdPartyIntegrations.id, id));
  return { row: row!, credentials: await decryptCredentials(env, row!.credentials, integrationBinding(row!)) };
}

/** A request to the real Worker with this environment (the services' apps configured). */
export async function callWorker(env: Env, path: string, { method = "GET", token, body }: { method?: string; token?: string; body?: unknown } = {}) {
  const ctx = createExecutionContext();
  const request = new Request(`https://app.test/v1${path}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const response = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}
