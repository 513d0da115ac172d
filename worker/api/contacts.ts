import { and, asc, eq } from "drizzle-orm";
import { idParam, workspaceParam } from "../../core/contracts/common";
import { importContactsSchema, listContactsQuery } from "../../core/contracts/contacts";
import { pageMeta } from "../../core/contracts/pagination";
import { contacts, thirdPartyIntegrations } from "../db/schema";
import { createApp } from "../lib/create-app";
import { NotFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireSession } from "../middleware/session";
import { requireWorkspace } from "../middleware/workspace";
import { authorize, presentPolicies } from "../policies";
import { presentContact, presentIntegrationChoice } from "../presenters/contacts";
import { deleteContact, importHubSpotContacts, listContacts } from "../services/contacts";
import { workspaceIntegration } from "../services/integrations/access";
import { actorForRow } from "./workspace-rows";

/**
 * Workspace contacts: the list (paged, searchable), deleting one, and the import from a
 * connected HubSpot account (the ImportContacts modal), which a large list takes in several calls.
 */
export const contactsApi = createApp()
  .get("/w/:ws/contacts", requireWorkspace, validate("param", workspaceParam), validate("query", listContactsQuery), async (c) => {
    const actor = c.get("actor");
    authorize(actor, "contacts.read");
    const db = c.get("db");
    const query = c.req.valid("query");
    const [{ rows, total }, sources] = await Promise.all([
      listContacts(db, actor.workspaceId, query),
      db
        .select()
        .from(thirdPartyIntegrations)
        .where(and(eq(thirdPartyIntegrations.workspaceId, actor.workspaceId), eq(thirdPartyIntegrations.provider, "hubspot")))
        .orderBy(asc(thirdPartyIntegrations.displayName)),
    ]);
    return c.json({
      data: rows.map(presentContact),
      meta: pageMeta(query, total),
      // The HubSpot accounts this workspace may import from, for the ImportContacts modal.
      sources: sources.filter((row) => row.state !== "disconnected").map(presentIntegrationChoice),
      policies: presentPolicies(actor, ["contacts.manage"]),
    });
  })

  .post("/w/:ws/contacts/import", requireWorkspace, validate("param", workspaceParam), validate("json", importContactsSchema), async (c) => {
    const actor = c.get("actor");
    authorize(actor, "contacts.manage");
    const input = c.req.valid("json");
    const ctx = { db: c.get("db"), env: c.env, now: Date.now, fetch };
    const integration = await workspaceIntegration(ctx, actor.workspaceId, input.integration_id, "hubspot");
    return c.json({ data: await importHubSpotContacts(ctx, integration, input.after ?? null) });
  })

  .delete("/contacts/:id", requireSession, validate("param", idParam), async (c) => {
    const db = c.get("db");
    const [contact] = await db.select({ workspaceId: contacts.workspaceId }).from(contacts).where(eq(contacts.id, c.req.valid("param").id));
    if (!contact) throw new NotFound("Contact not found");
    await actorForRow(c, contact.workspaceId, "contacts.manage", "Contact not found");
    await deleteContact(db, contact.workspaceId, c.req.valid("param").id);
    return c.body(null, 204);
  });
