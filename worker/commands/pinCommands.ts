import { and, count, eq, sql } from "drizzle-orm";
import { count as counted } from "../../core/counting";
import { MAX_PINS } from "../../core/contracts/home";
import { runBatch } from "../db/batching";
import type { Database } from "../db/client";
import { filePins } from "../db/schema";
import { Unprocessable } from "../lib/errors";
import { eventStatement, type CommandContext } from "./events";
import { placeAt, renumbered } from "./positions";

// Pins on the workspace home, in hand order by a fractional `position`.

export type PinTarget = { articleId: number } | { folderId: number };
export type FilePin = typeof filePins.$inferSelect;

const targetIs = (target: PinTarget) =>
  "articleId" in target ? eq(filePins.articleId, target.articleId) : eq(filePins.folderId, target.folderId);

/** The event's article, or the folder in its properties (events have no folder column). */
const eventTarget = (item: { articleId?: number | null; folderId?: number | null }, properties: Record<string, unknown> = {}) =>
  item.articleId ? { articleId: item.articleId, properties } : { properties: { ...properties, folder_id: item.folderId } };

export async function findPin(db: Database, workspaceId: number, target: PinTarget) {
  const [pin] = await db.select().from(filePins).where(and(eq(filePins.workspaceId, workspaceId), targetIs(target)));
  return pin ?? null;
}

/** Pins an item at the end of the home's pins; pinning it again changes nothing. */
export async function pinCreator(db: Database, { context, target }: { context: CommandContext; target: PinTarget }) {
  const ws = context.actor.workspaceId;
  const existing = await findPin(db, ws, target);
  if (existing) return { pin: existing, created: false };
  const [{ pins } = { pins: 0 }] = await db.select({ pins: count() }).from(filePins).where(eq(filePins.workspaceId, ws));
  if (pins >= MAX_PINS) throw new Unprocessable(`A workspace home holds at most ${counted(MAX_PINS, "pin")}. Unpin one first.`);
  const [[pin]] = await db.batch([
    db
      .insert(filePins)
      .values({
        workspaceId: ws,
        articleId: "articleId" in target ? target.articleId : null,
        folderId: "folderId" in target ? target.folderId : null,
        // Computed in the statement itself, so two pins made at once never share a place.
        position: sql`(SELECT COALESCE(MAX(position), 0) + 1 FROM file_pins WHERE workspace_id = ${ws})`,
        createdById: context.actor.userId,
      })
      .returning(),
    eventStatement(db, context, "pins.create", eventTarget(target)),
  ]);
  return { pin: pin!, created: true };
}

export async function pinDeleter(db: Database, { context, pin }: { context: CommandContext; pin: FilePin }) {
  await db.batch([
    db.delete(filePins).where(eq(filePins.id, pin.id)),
    eventStatement(db, context, "pins.delete", eventTarget(pin)),
  ]);
}

/**
 * Moves a pin to `insertAt` (0-based) in `visible`: the pins as the person moving it sees
 * them (pins of items they cannot read are not theirs to count past). Positions work like
 * every hand-ordered list (commands/positions.ts).
 */
export async function pinMover(
  db: Database,
  { context, pin, visible, insertAt }: { context: CommandContext; pin: FilePin; visible: Pick<FilePin, "id" | "position">[]; insertAt: number },
): Promise<FilePin> {
  const placement = placeAt(visible, pin.id, insertAt, pin.position);
  const event = eventStatement(db, context, "pins.update", eventTarget(pin, { pin_id: pin.id, insert_at: placement.index }));
  if (placement.kind === "position") {
    const [[moved]] = await db.batch([db.update(filePins).set({ position: placement.position }).where(eq(filePins.id, pin.id)).returning(), event]);
    return moved!;
  }
  const all = await db.select().from(filePins).where(eq(filePins.workspaceId, pin.workspaceId));
  const order = renumbered(all, pin, placement.afterId);
  await runBatch(db, [...order.map((row) => db.update(filePins).set({ position: row.position }).where(eq(filePins.id, row.id))), event]);
  return { ...pin, position: order.find((row) => row.id === pin.id)!.position };
}
