import { eq, sql } from "drizzle-orm";
import type * as z from "zod";
import type { createWorkspaceSchema } from "../../core/contracts/workspaces";
import { defaultWorkspaceSettings } from "../../core/contracts/workspaces";
import { randomToken } from "../auth/secrets";
import type { Database } from "../db/client";
import { memberships, users, workspaces } from "../db/schema";

type CompanyInput = z.infer<typeof createWorkspaceSchema>["company"];

/** `acme-marketing-4f2a`: readable, unique enough, and never a bare number (ids are numbers). */
export function workspaceKey(name: string) {
  const slug = name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  const suffix = crypto.getRandomValues(new Uint32Array(1))[0]!.toString(36).slice(0, 4);
  return `${slug || "workspace"}-${suffix}`;
}

/**
 * The statements that create a workspace owned by the user with `ownerEmail` (who becomes
 * its admin), for the caller to run in one batch with anything else that must land with it.
 */
export function workspaceCreationStatements(db: Database, ownerEmail: string, company: CompanyInput, key: string) {
  return [
    db.insert(workspaces).values({
      key,
      name: company.name,
      companySize: company.company_size ?? null,
      teamType: company.team_type ?? null,
      logoUrl: company.logo_url ?? null,
      isFreemium: company.is_freemium ?? true,
      isVirtualMarketer: company.is_virtual_marketer ?? false,
      invitationToken: randomToken(),
      settings: defaultWorkspaceSettings,
      createdById: sql`(SELECT id FROM users WHERE email = ${ownerEmail})`,
    }),
    db.insert(memberships).values({
      workspaceId: sql`(SELECT id FROM workspaces WHERE key = ${key})`,
      userId: sql`(SELECT id FROM users WHERE email = ${ownerEmail})`,
      role: "admin",
      status: "active",
      acceptedAt: new Date(),
    }),
    db
      .update(users)
      .set({ lastWorkspaceId: sql`(SELECT id FROM workspaces WHERE key = ${key})` })
      .where(eq(users.email, ownerEmail)),
  ] as const;
}

/** Creates a workspace for an existing user, atomically. */
export async function workspaceCreator(db: Database, { ownerEmail, company }: { ownerEmail: string; company: CompanyInput }) {
  const key = workspaceKey(company.name);
  await db.batch(workspaceCreationStatements(db, ownerEmail, company, key));
  const [workspace] = await db.select().from(workspaces).where(eq(workspaces.key, key));
  return workspace!;
}
