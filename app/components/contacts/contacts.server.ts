import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq, ne } from "drizzle-orm";
import { listContactsQuery } from "../../../core/contracts/contacts";
import { pageMeta } from "../../../core/contracts/pagination";
import { thirdPartyIntegrations } from "../../../worker/db/schema";
import { can } from "../../../worker/policies";
import { presentContact, presentIntegrationChoice } from "../../../worker/presenters/contacts";
import { listContacts } from "../../../worker/services/contacts";
import { requireWorkspaceActor } from "~/lib/workspace.server";

/** The Contacts screen's first paint: the same list, presenters and sources the API answers. */
export async function contactsPage(request: Request, context: AppLoadContext, workspaceIdParam: string | undefined) {
  const { db, actor, workspace } = await requireWorkspaceActor(request, context, workspaceIdParam);
  if (!can(actor, "contacts.read")) throw data("Contacts are for workspace members", { status: 403 });
  const parsed = listContactsQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const query = parsed.success ? parsed.data : listContactsQuery.parse({});
  const [{ rows, total }, sources] = await Promise.all([
    listContacts(db, workspace.id, query),
    db
      .select()
      .from(thirdPartyIntegrations)
      .where(and(eq(thirdPartyIntegrations.workspaceId, workspace.id), eq(thirdPartyIntegrations.provider, "hubspot"), ne(thirdPartyIntegrations.state, "disconnected")))
      .orderBy(asc(thirdPartyIntegrations.displayName)),
  ]);
  return {
    workspace: { id: workspace.id, name: workspace.name },
    contacts: rows.map(presentContact),
    meta: pageMeta(query, total),
    q: query.q ?? "",
    sources: sources.map(presentIntegrationChoice),
    canManage: can(actor, "contacts.manage"),
  };
}
