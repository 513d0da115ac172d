import { and, count, eq } from "drizzle-orm";
import type { Context } from "hono";
import * as z from "zod";
import { brandKitCreateSchema, brandKitOut, brandKitUpdateSchema, logoVariantSchema, voiceDraftSchema } from "../../core/contracts/brand-kits";
import { idParam, positiveId, workspaceParam } from "../../core/contracts/common";
import { listMetaOut, listQuery } from "../../core/contracts/pagination";
import { draftVoiceNotes } from "../../core/content/voice-draft";
import { brandKitCreator, brandKitDeleter, brandKitLogoRemover, brandKitLogoSetter, brandKitUpdater } from "../commands/brandKitCommands";
import { brandKits, type BrandKit } from "../db/schema";
import { createApp, type AppEnv } from "../lib/create-app";
import { Invalid, NotFound } from "../lib/errors";
import { listPage } from "../lib/list-page";
import { validate } from "../lib/validate";
import { requireSession } from "../middleware/session";
import { requireWorkspace } from "../middleware/workspace";
import { publicRoute } from "../openapi/public-route";
import { authorize, type Actor } from "../policies";
import { presentBrandKit } from "../presenters/brand-kits";
import { BRAND_KIT_ORDER, brandKitDetails } from "../services/brand-kits";
import { readSource } from "../services/sources";
import { readableUpload } from "../services/uploads";
import { commandContext, requestFacts } from "./articles";
import { actorForRow } from "./workspace-rows";

/** A kit by id for a member of its workspace; anyone else gets 404, as if it did not exist. */
async function loadKit(c: Context<AppEnv>, id: number, action: "brand_kits.read" | "brand_kits.manage" = "brand_kits.read"): Promise<{ actor: Actor; kit: BrandKit }> {
  const db = c.get("db");
  const [kit] = await db.select().from(brandKits).where(eq(brandKits.id, id));
  if (!kit) throw new NotFound("Brand kit not found");
  // Checked with the route's own action, so a key with only the write scope may change a kit.
  return { actor: await actorForRow(c, kit.workspaceId, action, "Brand kit not found"), kit };
}

async function present(c: Context<AppEnv>, actor: Actor, kit: BrandKit) {
  const [detail] = await brandKitDetails(c.get("db"), [kit]);
  return presentBrandKit(actor, detail!);
}

const kitAnswer = z.object({ data: brandKitOut });

const logoParam = z.object({ id: positiveId, variant: logoVariantSchema });

/** Brand kits: `/v1/w/:ws/brand_kits` and `/v1/brand_kits/:id` (logos, voice drafting). */
export const brandKitsApi = createApp()
  .get(
    "/w/:ws/brand_kits",
    publicRoute({
      scope: "read",
      tag: "Brand kits",
      summary: "List brand kits",
      description: "The workspace's brand kits, the default first, then by name. Without `cursor` or `limit`, the whole list.",
      response: z.object({ data: z.array(brandKitOut), meta: listMetaOut }),
      example: { params: { ws: "$workspace" }, query: { limit: "20" } },
    }),
    requireWorkspace,
    validate("param", workspaceParam),
    validate("query", listQuery),
    async (c) => {
    const db = c.get("db");
    const actor = c.get("actor");
    authorize(actor, "brand_kits.read");
    const inWorkspace = eq(brandKits.workspaceId, actor.workspaceId);
    const { rows, meta } = await listPage<BrandKit>(
      {
        tag: "brand_kits:default_name",
        wholeUnlessCursor: true,
        order: BRAND_KIT_ORDER,
        keyOf: (kit) => [kit.isDefault ? 1 : 0, kit.name, kit.id],
        rows: ({ where, orderBy, limit, offset }) => db.select().from(brandKits).where(and(inWorkspace, where)).orderBy(...orderBy).limit(limit).offset(offset),
        total: async () => (await db.select({ n: count() }).from(brandKits).where(inWorkspace))[0]!.n,
      },
      c.req.valid("query"),
    );
    const details = await brandKitDetails(db, rows);
    return c.json({ data: details.map((detail) => presentBrandKit(actor, detail)), meta });
    },
  )

  .post(
    "/w/:ws/brand_kits",
    publicRoute({
      scope: "write",
      tag: "Brand kits",
      summary: "Create a brand kit",
      description: "A kit's colours, fonts and voice notes; generation writes in the voice of the kit it is given (or the default kit). `is_default: true` makes it the default in place of the current one.",
      response: kitAnswer,
      errors: [402],
      status: 201,
      example: { params: { ws: "$workspace" }, body: { name: "Spring", colors: [{ name: "Leaf", value: "#2F7D32" }], notes: { general: "Warm, plain words; no jargon." } } },
    }),
    requireWorkspace,
    validate("param", workspaceParam),
    validate("json", brandKitCreateSchema),
    async (c) => {
    const actor = c.get("actor");
    authorize(actor, "brand_kits.manage");
    const kit = await brandKitCreator(c.get("db"), c.env, { context: commandContext(c, actor), input: c.req.valid("json") });
    return c.json({ data: await present(c, actor, kit) }, 201);
    },
  )

  .get(
    "/brand_kits/:id",
    publicRoute({
      scope: "read",
      tag: "Brand kits",
      summary: "Get a brand kit",
      response: kitAnswer,
      errors: [404],
      example: { params: { id: "$brand_kit" } },
    }),
    requireSession,
    validate("param", idParam),
    async (c) => {
    const { actor, kit } = await loadKit(c, c.req.valid("param").id);
    return c.json({ data: await present(c, actor, kit) });
    },
  )

  .patch(
    "/brand_kits/:id",
    publicRoute({
      scope: "write",
      tag: "Brand kits",
      summary: "Change a brand kit",
      description: "Changes only the fields sent; `notes` sets the notes of the types it names (a blank one removes it).",
      response: kitAnswer,
      errors: [404],
      example: { params: { id: "$brand_kit" }, body: { colors: [{ name: "Sky", value: "#2F5EBC" }] } },
    }),
    requireSession,
    validate("param", idParam),
    validate("json", brandKitUpdateSchema),
    async (c) => {
    const { actor, kit } = await loadKit(c, c.req.valid("param").id, "brand_kits.manage");
    authorize(actor, "brand_kits.manage");
    const updated = await brandKitUpdater(c.get("db"), { context: commandContext(c, actor), kit, changes: c.req.valid("json") });
    return c.json({ data: await present(c, actor, updated) });
    },
  )

  .delete(
    "/brand_kits/:id",
    publicRoute({
      scope: "write",
      tag: "Brand kits",
      summary: "Delete a brand kit",
      description: "If it was the default, the most recently changed other kit becomes the default. Campaigns and generations made with it keep their words and no longer name a kit.",
      response: null,
      status: 204,
      errors: [404],
      example: { params: { id: "$brand_kit" } },
    }),
    requireSession,
    validate("param", idParam),
    async (c) => {
    const { actor, kit } = await loadKit(c, c.req.valid("param").id, "brand_kits.manage");
    authorize(actor, "brand_kits.manage");
    await brandKitDeleter(c.get("db"), { context: commandContext(c, actor), kit });
    return c.body(null, 204);
    },
  )

  .put("/brand_kits/:id/logos/:variant", requireSession, validate("param", logoParam), validate("json", z.object({ upload_id: positiveId })), async (c) => {
    const { id, variant } = c.req.valid("param");
    const { actor, kit } = await loadKit(c, id, "brand_kits.manage");
    authorize(actor, "brand_kits.manage");
    const db = c.get("db");
    const uploadId = c.req.valid("json").upload_id;
    const { upload } = await readableUpload(db, actor, uploadId);
    if (!upload.contentType.startsWith("image/")) throw new Invalid("A logo must be an image (PNG, JPEG, WebP, GIF or SVG)", { upload_id: ["is not an image"] });
    await brandKitLogoSetter(db, { context: commandContext(c, actor), kit, variant, uploadId });
    return c.json({ data: await present(c, actor, kit) });
  })

  .delete("/brand_kits/:id/logos/:variant", requireSession, validate("param", logoParam), async (c) => {
    const { id, variant } = c.req.valid("param");
    const { actor, kit } = await loadKit(c, id, "brand_kits.manage");
    authorize(actor, "brand_kits.manage");
    await brandKitLogoRemover(c.get("db"), { context: commandContext(c, actor), kit, variant });
    return c.json({ data: await present(c, actor, kit) });
  })

  /** Drafts voice notes from samples; nothing is saved until the user sends them with PATCH. */
  .post("/brand_kits/:id/voice_draft", requireSession, validate("param", idParam), validate("json", voiceDraftSchema), async (c) => {
    const db = c.get("db");
    const { actor } = await loadKit(c, c.req.valid("param").id, "brand_kits.manage");
    authorize(actor, "brand_kits.manage");
    const texts: string[] = [];
    const deps = { db, env: c.env, request: requestFacts(c), actor };
    for (const [index, sample] of c.req.valid("json").samples.entries()) texts.push((await readSource(deps, sample, `samples.${index}`)).text);
    const notes = draftVoiceNotes(texts);
    if (!notes.general) throw new Invalid("The samples have no words to learn a voice from", { samples: ["have no text"] });
    return c.json({ data: { notes, words: texts.join(" ").split(/\s+/).filter(Boolean).length } });
  });
