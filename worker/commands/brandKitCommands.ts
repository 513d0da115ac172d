import { and, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import type { BrandKitCreate, BrandKitUpdate } from "../../core/contracts/brand-kits";
import type { LogoVariant } from "../../core/enums";
import { runBatch } from "../db/batching";
import type { Database } from "../db/client";
import { brandKitLogos, brandKits, brandVoiceNotes, type BrandKit } from "../db/schema";
import { authorizeWithinPlanOf } from "../services/billing/entitlements";
import type { BillingEnv } from "../services/billing/stripe-client";
import { eventStatement, type CommandContext } from "./events";

// Brand kits: one default per workspace (a partial unique index holds it), voice notes one
// per type, logos one per variant. Every change lands in one batch.

/** Statements that set the given notes (a blank note is removed). */
function noteStatements(db: Database, kitId: number | SQL, notes: NonNullable<BrandKitCreate["notes"]>) {
  return Object.entries(notes).map(([type, body]) => {
    const noteType = type as keyof typeof notes;
    const text = body?.trim() ?? "";
    return text
      ? db
          .insert(brandVoiceNotes)
          .values({ brandKitId: kitId as number, type: noteType, body: text })
          .onConflictDoUpdate({ target: [brandVoiceNotes.brandKitId, brandVoiceNotes.type], set: { body: text, updatedAt: new Date() } })
      : db.delete(brandVoiceNotes).where(and(eq(brandVoiceNotes.brandKitId, kitId as number), eq(brandVoiceNotes.type, noteType)));
  });
}

/** Makes `kitId` the workspace's default: the others are cleared first, so the unique index holds. */
const defaultStatements = (db: Database, workspaceId: number, kitId: number | SQL) => [
  db.update(brandKits).set({ isDefault: false }).where(and(eq(brandKits.workspaceId, workspaceId), ne(brandKits.id, kitId as number))),
  db.update(brandKits).set({ isDefault: true }).where(eq(brandKits.id, kitId as number)),
];

/** Creates a kit (the first is the default); one beyond the plan's brand kits is 402, nothing written. */
export async function brandKitCreator(db: Database, env: BillingEnv, { context, input }: { context: CommandContext; input: BrandKitCreate }): Promise<BrandKit> {
  const { workspaceId, userId } = context.actor;
  await authorizeWithinPlanOf(db, env, context.actor, "brand_kits", 1);
  // Inside the batch's transaction the newest kit of the workspace is the one just inserted.
  const newKitId = sql`(SELECT max(id) FROM brand_kits WHERE workspace_id = ${workspaceId})`;
  const [existing] = await db.select({ id: brandKits.id }).from(brandKits).where(eq(brandKits.workspaceId, workspaceId)).limit(1);
  // The first kit is the default; a later one only when asked.
  const makeDefault = input.is_default ?? !existing;
  await runBatch(db, [
    db.insert(brandKits).values({ workspaceId, name: input.name, colors: input.colors, fonts: input.fonts, createdById: userId }),
    ...(makeDefault ? defaultStatements(db, workspaceId, newKitId) : []),
    ...noteStatements(db, newKitId, input.notes),
    eventStatement(db, context, "brand_kits.create", { properties: sql`json_object('brand_kit_id', ${newKitId}, 'name', ${input.name})` }),
  ]);
  const [kit] = await db.select().from(brandKits).where(eq(brandKits.workspaceId, workspaceId)).orderBy(desc(brandKits.id)).limit(1);
  return kit!;
}

export async function brandKitUpdater(db: Database, { context, kit, changes }: { context: CommandContext; kit: BrandKit; changes: BrandKitUpdate }): Promise<BrandKit> {
  const set: Partial<typeof brandKits.$inferInsert> = { updatedAt: new Date() };
  if (changes.name !== undefined) set.name = changes.name;
  if (changes.colors !== undefined) set.colors = changes.colors;
  if (changes.fonts !== undefined) set.fonts = changes.fonts;
  await runBatch(db, [
    db.update(brandKits).set(set).where(eq(brandKits.id, kit.id)),
    ...(changes.is_default === true && !kit.isDefault ? defaultStatements(db, kit.workspaceId, kit.id) : []),
    ...(changes.notes ? noteStatements(db, kit.id, changes.notes) : []),
    eventStatement(db, context, "brand_kits.update", { properties: { brand_kit_id: kit.id, changed: Object.keys(changes) } }),
  ]);
  const [updated] = await db.select().from(brandKits).where(eq(brandKits.id, kit.id));
  return updated!;
}

/** Deletes a kit; when it was the default, the most recently updated other kit takes over. */
export async function brandKitDeleter(db: Database, { context, kit }: { context: CommandContext; kit: BrandKit }) {
  const successor = sql`(SELECT id FROM brand_kits WHERE workspace_id = ${kit.workspaceId} AND id <> ${kit.id} ORDER BY updated_at DESC, id DESC LIMIT 1)`;
  await runBatch(db, [
    db.delete(brandKits).where(eq(brandKits.id, kit.id)),
    ...(kit.isDefault ? [db.update(brandKits).set({ isDefault: true }).where(eq(brandKits.id, successor as unknown as number))] : []),
    eventStatement(db, context, "brand_kits.delete", { properties: { brand_kit_id: kit.id, name: kit.name } }),
  ]);
}

export async function brandKitLogoSetter(db: Database, { context, kit, variant, uploadId }: { context: CommandContext; kit: BrandKit; variant: LogoVariant; uploadId: number }) {
  await runBatch(db, [
    db
      .insert(brandKitLogos)
      .values({ brandKitId: kit.id, variant, uploadId })
      .onConflictDoUpdate({ target: [brandKitLogos.brandKitId, brandKitLogos.variant], set: { uploadId, updatedAt: new Date() } }),
    db.update(brandKits).set({ updatedAt: new Date() }).where(eq(brandKits.id, kit.id)),
    eventStatement(db, context, "brand_kits.logo_set", { properties: { brand_kit_id: kit.id, variant, upload_id: uploadId } }),
  ]);
}

export async function brandKitLogoRemover(db: Database, { context, kit, variant }: { context: CommandContext; kit: BrandKit; variant: LogoVariant }) {
  await runBatch(db, [
    db.delete(brandKitLogos).where(and(eq(brandKitLogos.brandKitId, kit.id), eq(brandKitLogos.variant, variant))),
    eventStatement(db, context, "brand_kits.logo_remove", { properties: { brand_kit_id: kit.id, variant } }),
  ]);
}
