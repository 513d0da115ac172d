import { and, asc, count as countRows, eq, sql } from "drizzle-orm";
import { pageWindow, type PageQuery } from "../../core/contracts/pagination";
import type { ContactImportResult } from "../../core/contracts/contacts";
import { count } from "../../core/counting";
import type { Database } from "../db/client";
import { chunk, inList, rowsPerInsert } from "../db/batching";
import { contacts, type ThirdPartyIntegration } from "../db/schema";
import { integrationFailure, withIntegrationToken } from "./integrations/access";
import { hubspotMessage, readContactsPage, requestContactsPage, type HubSpotContact } from "./integrations/hubspot";
import { containsText } from "./members";
import type { ProviderContext } from "./publishing/providers/types";

/**
 * A workspace's contacts (the people its email goes to) and their import from HubSpot. Every
 * query takes the workspace and filters by it.
 */

export async function listContacts(db: Database, workspaceId: number, query: PageQuery & { q?: string }) {
  const where = and(eq(contacts.workspaceId, workspaceId), containsText(query.q, contacts.name, contacts.email, contacts.company));
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await db.batch([
    db.select().from(contacts).where(where).orderBy(asc(sql`lower(${contacts.name}) = ''`), asc(sql`lower(${contacts.name})`), asc(contacts.email)).limit(limit).offset(offset),
    db.select({ n: countRows() }).from(contacts).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * At most this many HubSpot pages (100 contacts each) per import call: 20 calls to HubSpot and
 * 20 batches to D1 stay well inside a Worker's subrequest limits (50 on the Free plan). A larger
 * list answers `next_after`, and the caller (the ImportContacts modal) calls again from there.
 */
export const MAX_PAGES_PER_IMPORT = 20;

/** Seven values a row: workspace, email, name, company, source, external id, integration. */
const ROWS_PER_INSERT = rowsPerInsert(7);

/**
 * Imports contacts from a HubSpot integration, page by page from `after`: each page's contacts
 * are upserted by email (lower-cased; the first of duplicate emails on a page wins) in one
 * db.batch that first reads which of them the workspace already has, so the counts of new and
 * updated are exact. Contacts without an email are skipped and counted.
 */
export async function importHubSpotContacts(ctx: ProviderContext, integration: ThirdPartyIntegration, after: string | null, maxPages = MAX_PAGES_PER_IMPORT): Promise<ContactImportResult> {
  const { db } = ctx;
  let cursor = after;
  let created = 0;
  let updated = 0;
  let skipped = 0;
  for (let page = 0; page < maxPages; page++) {
    const answer = await withIntegrationToken(ctx, integration, (token) => requestContactsPage(ctx, token, cursor));
    if (!answer.response.ok) throw integrationFailure("HubSpot", answer, hubspotMessage(answer));
    const { contacts: found, next } = readContactsPage(answer.body);
    const byEmail = new Map<string, HubSpotContact>();
    for (const contact of found) {
      if (!contact.email) skipped++;
      else if (!byEmail.has(contact.email)) byEmail.set(contact.email, contact);
    }
    if (byEmail.size) {
      const emails = [...byEmail.keys()];
      const rows = [...byEmail.values()].map((c) => ({
        workspaceId: integration.workspaceId,
        email: c.email!,
        name: [c.firstName, c.lastName].filter(Boolean).join(" ").slice(0, 200),
        company: c.company?.slice(0, 200) ?? null,
        source: "hubspot" as const,
        externalId: c.id,
        integrationId: integration.id,
      }));
      const [existing] = await db.batch([
        db.select({ email: contacts.email }).from(contacts).where(and(eq(contacts.workspaceId, integration.workspaceId), inList(contacts.email, emails))),
        ...chunk(rows, ROWS_PER_INSERT).map((part) =>
          db
            .insert(contacts)
            .values(part)
            .onConflictDoUpdate({
              target: [contacts.workspaceId, contacts.email],
              // HubSpot's answer replaces what it knows; an empty name or company keeps ours.
              set: {
                name: sql`CASE WHEN excluded.name = '' THEN ${contacts.name} ELSE excluded.name END`,
                company: sql`coalesce(excluded.company, ${contacts.company})`,
                source: sql`excluded.source`,
                externalId: sql`excluded.external_id`,
                integrationId: sql`excluded.integration_id`,
                updatedAt: new Date(ctx.now()),
              },
            }),
        ),
      ] as const);
      updated += existing.length;
      created += byEmail.size - existing.length;
    }
    cursor = next;
    if (!cursor) break;
  }
  return { created, updated, skipped, next_after: cursor, summary: importSummary(created, updated, skipped, cursor !== null) };
}

/** "Imported 120 new contacts and updated 3; skipped 2 without an email." */
export function importSummary(created: number, updated: number, skipped: number, more: boolean) {
  const parts = [`Imported ${count(created, "new contact")}`, `updated ${count(updated, "contact")}`];
  let sentence = `${parts.join(" and ")}`;
  if (skipped) sentence += `; skipped ${count(skipped, "contact")} without an email`;
  sentence += ".";
  if (more) sentence += " HubSpot has more: continue to import the rest.";
  return sentence;
}

export async function deleteContact(db: Database, workspaceId: number, id: number) {
  const deleted = await db.delete(contacts).where(and(eq(contacts.id, id), eq(contacts.workspaceId, workspaceId))).returning({ id: contacts.id });
  return deleted.length > 0;
}
