import { eq } from "drizzle-orm";
import { workspaceParam } from "../../core/contracts/common";
import { articleStyleSchema } from "../../core/contracts/content";
import { eventStatement } from "../commands/events";
import { runBatch } from "../db/batching";
import { articleStyles } from "../db/schema";
import { createApp } from "../lib/create-app";
import { validate } from "../lib/validate";
import { requireWorkspace } from "../middleware/workspace";
import { authorize, presentPolicies } from "../policies";
import { iso } from "../presenters/users";
import { commandContext } from "./articles";

const present = (row: typeof articleStyles.$inferSelect | undefined) => ({
  tone: row?.tone ?? "",
  reading_level: row?.readingLevel ?? "standard",
  prefer_words: row?.preferWords ?? [],
  avoid_words: row?.avoidWords ?? [],
  formatting: row?.formatting ?? "",
  updated_at: row ? iso(row.updatedAt) : null,
});

/** The workspace's house style (`/workspaces/:id/article_style`): every generation follows it. */
export const articleStyleApi = createApp()
  .get("/w/:ws/article_style", requireWorkspace, validate("param", workspaceParam), async (c) => {
    const actor = c.get("actor");
    authorize(actor, "content.generate");
    const [row] = await c.get("db").select().from(articleStyles).where(eq(articleStyles.workspaceId, actor.workspaceId));
    return c.json({ data: present(row), policies: presentPolicies(actor, ["article_style.update"]) });
  })

  .put("/w/:ws/article_style", requireWorkspace, validate("param", workspaceParam), validate("json", articleStyleSchema), async (c) => {
    const db = c.get("db");
    const actor = c.get("actor");
    authorize(actor, "article_style.update");
    const input = c.req.valid("json");
    const values = { tone: input.tone, readingLevel: input.reading_level, preferWords: input.prefer_words, avoidWords: input.avoid_words, formatting: input.formatting, updatedById: actor.userId, updatedAt: new Date() };
    await runBatch(db, [
      db.insert(articleStyles).values({ workspaceId: actor.workspaceId, ...values }).onConflictDoUpdate({ target: articleStyles.workspaceId, set: values }),
      eventStatement(db, commandContext(c, actor), "article_style.update", {}),
    ]);
    const [row] = await db.select().from(articleStyles).where(eq(articleStyles.workspaceId, actor.workspaceId));
    return c.json({ data: present(row) });
  });
