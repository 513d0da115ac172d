import { and, asc, eq } from "drizzle-orm";
import * as z from "zod";
import { idParam, workspaceParam } from "../../core/contracts/common";
import type { Database } from "../db/client";
import { thirdPartyIntegrations } from "../db/schema";
import { createApp } from "../lib/create-app";
import { Invalid, NotFound } from "../lib/errors";
import { invalidFromZod, validate } from "../lib/validate";
import { requireSession } from "../middleware/session";
import { requireWorkspace } from "../middleware/workspace";
import { authorize } from "../policies";
import { presentAccount } from "../presenters/posts";
import { presentIntegration, presentService } from "../presenters/connections";
import { connectWithForm, type ConnectDeps } from "../services/connections/flow";
import { connectorEntry, registeredServices, serviceOf } from "../services/connections/registry";
import { integrationBinding } from "../services/integrations";
import { decryptCredentials } from "../services/publishing/credentials";
import type { FormField } from "../services/publishing/providers/types";
import { actorForRow } from "./workspace-rows";

/**
 * Connections that are not a browser round trip: form connectors (Bluesky's handle and app
 * password, WordPress's site and application password) through the same storing path as
 * OAuth, and the workspace's integration services (list, disconnect).
 */

const deps = (c: { get(key: "db"): Database; env: Env }): ConnectDeps => ({ db: c.get("db"), env: c.env });

const connectorParam = workspaceParam.extend({ connector: z.string().min(1).max(64) });

/** The zod schema of a connector's form: every field a non-blank string, URLs parsed. */
function formSchema(fields: FormField[]) {
  const shape: Record<string, z.ZodType<string>> = {};
  for (const field of fields) {
    const text = z.string({ error: "is required" }).trim().min(1, "can't be blank").max(2000, "is too long");
    shape[field.name] = field.type === "url" ? text.refine((value) => URL.canParse(/^https?:\/\//i.test(value) ? value : `https://${value}`), "is not a web address") : text;
  }
  return z.object(shape);
}

export const connectionsApi = createApp()
  .post("/w/:ws/connections/:connector", requireWorkspace, validate("param", connectorParam), async (c) => {
    const actor = c.get("actor");
    const entry = connectorEntry(c.req.valid("param").connector);
    if (!entry) throw new NotFound("No such network or service on this server");
    authorize(actor, entry.target.kind === "network" ? "social_accounts.manage" : "integrations.manage");
    if (entry.connector.kind !== "form") {
      throw new Invalid(`${entry.target.label} connects with a sign-in, not a form: use /integrations/${entry.connector.id}/connect`, { connector: ["does not connect with a form"] });
    }
    const body: unknown = await c.req.json().catch(() => null);
    const parsed = formSchema(entry.connector.fields).safeParse(body ?? {});
    if (!parsed.success) throw invalidFromZod(parsed.error);
    const stored = await connectWithForm(deps(c), { actor, entry, values: parsed.data });
    return c.json({ data: { accounts: stored.accounts.map((row) => presentAccount(row)), integrations: stored.integrations.map(presentIntegration) } }, 201);
  })

  .get("/w/:ws/integrations", requireWorkspace, validate("param", workspaceParam), async (c) => {
    const actor = c.get("actor");
    authorize(actor, "posts.read");
    const rows = await c.get("db").select().from(thirdPartyIntegrations).where(eq(thirdPartyIntegrations.workspaceId, actor.workspaceId)).orderBy(asc(thirdPartyIntegrations.displayName));
    return c.json({
      data: rows.map(presentIntegration),
      services: registeredServices().map((service) => presentService(c.env, service.label, service.id, service.connectors.map((connector) => ({ connector, target: { kind: "integration" as const, service, label: service.label } })))),
    });
  })

  .delete("/integrations/:id", requireSession, validate("param", idParam), async (c) => {
    const db = c.get("db");
    const [row] = await db.select().from(thirdPartyIntegrations).where(eq(thirdPartyIntegrations.id, c.req.valid("param").id));
    if (!row) throw new NotFound("Integration not found");
    await actorForRow(c, row.workspaceId, "integrations.manage", "Integration not found");
    const service = serviceOf(row.provider);
    if (service?.revoke && row.credentials) {
      try {
        await service.revoke({ db, env: c.env, now: Date.now, fetch }, await decryptCredentials(c.env, row.credentials, integrationBinding(row)));
      } catch (error) {
        console.warn(`integrations: revoking ${row.provider} integration ${row.id} failed`, error);
      }
    }
    await db
      .update(thirdPartyIntegrations)
      .set({ state: "disconnected", stateReason: "Disconnected from Brandwork", credentials: "" })
      .where(and(eq(thirdPartyIntegrations.id, row.id), eq(thirdPartyIntegrations.workspaceId, row.workspaceId)));
    return c.body(null, 204);
  });
