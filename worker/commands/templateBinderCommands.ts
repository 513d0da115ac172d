import { and, eq, sql } from "drizzle-orm";
import { runBatch } from "../db/batching";
import type { Database } from "../db/client";
import { templateBinderItems, templateBinders } from "../db/schema";
import { binderItems, type TemplateBinder, type TemplateBinderItem } from "../services/templates";
import { eventStatement, type CommandContext } from "./events";
import { placeAt, renumbered } from "./positions";

// Template binders: named, hand-ordered collections of a workspace's templates. A template
// is in a binder at most once; its place is a fractional `position` (commands/positions.ts).

export async function templateBinderCreator(
  db: Database,
  { context, input }: { context: CommandContext; input: { name: string; description: string } },
): Promise<TemplateBinder> {
  const [[binder]] = await db.batch([
    db
      .insert(templateBinders)
      .values({ workspaceId: context.actor.workspaceId, name: input.name, description: input.description, createdById: context.actor.userId })
      .returning(),
    eventStatement(db, context, "template_binders.create", { properties: { name: input.name } }),
  ]);
  return binder!;
}

export async function templateBinderUpdater(
  db: Database,
  { context, binder, changes }: { context: CommandContext; binder: TemplateBinder; changes: { name?: string; description?: string } },
): Promise<TemplateBinder> {
  const [[updated]] = await db.batch([
    db.update(templateBinders).set({ ...changes, updatedAt: new Date() }).where(eq(templateBinders.id, binder.id)).returning(),
    eventStatement(db, context, "template_binders.update", { properties: { binder_id: binder.id, changed: Object.keys(changes) } }),
  ]);
  return updated!;
}

/** Deletes the binder and its rows; the templates themselves stay. */
export async function templateBinderDeleter(db: Database, { context, binder }: { context: CommandContext; binder: TemplateBinder }) {
  await db.batch([
    db.delete(templateBinders).where(eq(templateBinders.id, binder.id)),
    eventStatement(db, context, "template_binders.delete", { properties: { binder_id: binder.id, name: binder.name } }),
  ]);
}

const touch = (db: Database, binderId: number) => db.update(templateBinders).set({ updatedAt: new Date() }).where(eq(templateBinders.id, binderId));

/** Adds a template at the end of the binder; adding it again changes nothing. */
export async function binderTemplateAdder(
  db: Database,
  { context, binder, templateId }: { context: CommandContext; binder: TemplateBinder; templateId: number },
): Promise<{ created: boolean }> {
  const [existing] = await db
    .select({ templateId: templateBinderItems.templateId })
    .from(templateBinderItems)
    .where(and(eq(templateBinderItems.binderId, binder.id), eq(templateBinderItems.templateId, templateId)));
  if (existing) return { created: false };
  await db.batch([
    db
      .insert(templateBinderItems)
      .values({
        binderId: binder.id,
        templateId,
        // Computed in the statement, so two templates added at once never share a place.
        position: sql`(SELECT COALESCE(MAX(position), 0) + 1 FROM template_binder_items WHERE binder_id = ${binder.id})`,
      })
      .onConflictDoNothing(),
    touch(db, binder.id),
    eventStatement(db, context, "template_binders.add_template", { articleId: templateId, properties: { binder_id: binder.id } }),
  ]);
  return { created: true };
}

export async function binderTemplateRemover(
  db: Database,
  { context, binder, row }: { context: CommandContext; binder: TemplateBinder; row: TemplateBinderItem },
) {
  await db.batch([
    db.delete(templateBinderItems).where(and(eq(templateBinderItems.binderId, binder.id), eq(templateBinderItems.templateId, row.templateId))),
    touch(db, binder.id),
    eventStatement(db, context, "template_binders.remove_template", { articleId: row.templateId, properties: { binder_id: binder.id } }),
  ]);
}

/**
 * Moves a template to `insertAt` (0-based) among `visible`: the binder's rows the mover can
 * see, in order. Renumbers the binder when the gap is too small to split.
 */
export async function binderTemplateMover(
  db: Database,
  {
    context,
    binder,
    row,
    visible,
    insertAt,
  }: { context: CommandContext; binder: TemplateBinder; row: TemplateBinderItem; visible: TemplateBinderItem[]; insertAt: number },
) {
  // Positions are keyed by template id here: a binder holds each template once.
  const keyed = (rows: TemplateBinderItem[]) => rows.map((item) => ({ id: item.templateId, position: item.position }));
  const placement = placeAt(keyed(visible), row.templateId, insertAt, row.position);
  const event = eventStatement(db, context, "template_binders.move_template", {
    articleId: row.templateId,
    properties: { binder_id: binder.id, insert_at: placement.index },
  });
  const at = (templateId: number) => and(eq(templateBinderItems.binderId, binder.id), eq(templateBinderItems.templateId, templateId));
  if (placement.kind === "position") {
    await db.batch([db.update(templateBinderItems).set({ position: placement.position }).where(at(row.templateId)), touch(db, binder.id), event]);
    return;
  }
  const order = renumbered(keyed(await binderItems(db, binder.id)), { id: row.templateId, position: row.position }, placement.afterId);
  await runBatch(db, [
    ...order.map(({ id, position }) => db.update(templateBinderItems).set({ position }).where(at(id))),
    touch(db, binder.id),
    event,
  ]);
}
