import { and, eq } from "drizzle-orm";
import type { VoiceContext } from "../../core/content/voice";
import { inList } from "../db/batching";
import type { Database } from "../db/client";
import { brandKitLogos, brandKits, brandVoiceNotes, uploads, type BrandKit } from "../db/schema";
import type { KeysetColumn } from "../lib/cursor";
import { NotFound } from "../lib/errors";
import { orderByOf } from "../lib/list-page";
import type { Actor } from "../policies";

export type BrandKitLogoRow = { variant: (typeof brandKitLogos.$inferSelect)["variant"]; uploadId: number; filename: string; contentType: string };
export type BrandVoiceNotes = Partial<Record<(typeof brandVoiceNotes.$inferSelect)["type"], string>>;

export interface BrandKitDetail {
  kit: BrandKit;
  logos: BrandKitLogoRow[];
  notes: BrandVoiceNotes;
}

/** A brand kit in the actor's workspace; any other kit is 404, whoever asks. */
export async function loadBrandKit(db: Database, actor: Pick<Actor, "workspaceId">, id: number): Promise<BrandKit> {
  const [kit] = await db.select().from(brandKits).where(and(eq(brandKits.id, id), eq(brandKits.workspaceId, actor.workspaceId)));
  if (!kit) throw new NotFound("Brand kit not found");
  return kit;
}

/** Kits with their logos and voice notes, in two queries whatever the count. */
export async function brandKitDetails(db: Database, kits: BrandKit[]): Promise<BrandKitDetail[]> {
  const ids = kits.map((kit) => kit.id);
  if (ids.length === 0) return [];
  const [logos, notes] = await Promise.all([
    db
      .select({ kitId: brandKitLogos.brandKitId, variant: brandKitLogos.variant, uploadId: brandKitLogos.uploadId, filename: uploads.filename, contentType: uploads.contentType })
      .from(brandKitLogos)
      .innerJoin(uploads, eq(uploads.id, brandKitLogos.uploadId))
      .where(inList(brandKitLogos.brandKitId, ids)),
    db.select().from(brandVoiceNotes).where(inList(brandVoiceNotes.brandKitId, ids)),
  ]);
  return kits.map((kit) => ({
    kit,
    logos: logos.filter((logo) => logo.kitId === kit.id).map(({ kitId: _kitId, ...logo }) => logo),
    notes: Object.fromEntries(notes.filter((note) => note.brandKitId === kit.id).map((note) => [note.type, note.body])),
  }));
}

/** How kits are listed: the default first, then by name (the id ends the keyset for paging). */
export const BRAND_KIT_ORDER: KeysetColumn[] = [
  { column: brandKits.isDefault, direction: "desc" },
  { column: brandKits.name, direction: "asc" },
  { column: brandKits.id, direction: "asc" },
];

/** The workspace's kits, all of them, in list order. */
export function workspaceBrandKits(db: Database, workspaceId: number) {
  return db.select().from(brandKits).where(eq(brandKits.workspaceId, workspaceId)).orderBy(...orderByOf(BRAND_KIT_ORDER));
}

/** What generation reads from a kit (or from nothing: the workspace name alone). */
export async function voiceContextOf(db: Database, kit: BrandKit | null, fallbackName: string): Promise<Pick<VoiceContext, "brandName" | "notes">> {
  if (!kit) return { brandName: fallbackName, notes: {} };
  const [detail] = await brandKitDetails(db, [kit]);
  return { brandName: kit.name, notes: detail!.notes };
}
