import * as z from "zod";
import { socialChannels } from "../content/channels";
import { designFormats, designLayouts } from "../designs/formats";
import { sceneSchema } from "../designs/scene";
import { positiveId, tooLong } from "./common";
import { listMetaOut, listQuery } from "./pagination";

/**
 * The design editor's API (SPEC section 2's `/designs/...`, section 3's design templates and
 * steps):
 *
 *   GET    /v1/w/:ws/designs?kind=design|template&cursor=&limit=   → { data: DesignSummaryOut[], meta }
 *   POST   /v1/w/:ws/designs              { layout, format, name?, scene?, from_id? }  → 201 { data: DesignOut }
 *   GET    /v1/designs/:id                → { data: DesignOut }
 *   PATCH  /v1/designs/:id                { version, name?, scene?, caption?, caption_channel? } → { data } (409 stale)
 *   DELETE /v1/designs/:id                → 204 (its rendered files stay in uploads)
 *   POST   /v1/designs/:id/duplicate      { as_template?, name? } → 201 { data: DesignOut }
 *   POST   /v1/designs/:id/render         { upload_id } → { data: DesignOut }: the file the browser rendered
 *
 * Every upload a scene draws (and a render's `upload_id`) passes the same read check as
 * `/files/:id`, and must belong to the design's workspace.
 */

const name = z.string({ error: "must be text" }).trim().min(1, "can't be blank").max(120, tooLong(120));

export const designListQuery = listQuery.extend({
  kind: z.enum(["design", "template"], { error: "must be design or template" }).default("design"),
});
export type DesignListQuery = z.infer<typeof designListQuery>;

export const designCreateSchema = z
  .object({
    layout: z.enum(designLayouts, { error: `must be one of ${designLayouts.join(", ")}` }),
    format: z.enum(designFormats, { error: `must be one of ${designFormats.join(", ")}` }),
    name: name.optional(),
    /** The starting scene; absent: the layout's starter at the format's size. */
    scene: sceneSchema.optional(),
    /** Start from this design or workspace template (its scene, adapted to `format`). */
    from_id: positiveId.optional(),
  })
  .refine((body) => !(body.scene && body.from_id), { path: ["from_id"], message: "give scene or from_id, not both" });
export type DesignCreate = z.infer<typeof designCreateSchema>;

export const designUpdateSchema = z
  .object({
    /** The version the editor saw: a stale one answers 409 with the current design. */
    version: z.number({ error: "is required" }).int().positive(),
    name: name.optional(),
    scene: sceneSchema.optional(),
    caption: z.string().max(70_000, tooLong(70_000)).optional(),
    caption_channel: z.enum(socialChannels, { error: `must be one of ${socialChannels.join(", ")}` }).nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 1, "Send at least one field to change");
export type DesignUpdate = z.infer<typeof designUpdateSchema>;

export const designDuplicateSchema = z.object({
  /** Keep the copy as one of the workspace's templates rather than a design. */
  as_template: z.boolean({ error: "must be true or false" }).default(false),
  name: name.optional(),
});

export const designRenderSchema = z.object({
  /** The PNG or JPEG the editor rendered and uploaded (`/files/upload_url`). */
  upload_id: positiveId,
});

const creatorOut = z.object({ id: z.number().int(), name: z.string() }).nullable();
const renderOut = z.object({ upload_id: z.number().int(), url: z.string(), content_type: z.string(), rendered_at: z.string() }).nullable();

export const designSummaryOut = z.object({
  id: z.number().int(),
  workspace_id: z.number().int(),
  name: z.string(),
  layout: z.enum(designLayouts),
  format: z.enum(designFormats),
  width: z.number().int(),
  height: z.number().int(),
  is_template: z.boolean(),
  /** The last file rendered from it (the preview in lists), null before the first render. */
  render: renderOut,
  creator: creatorOut,
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DesignSummaryOut = z.infer<typeof designSummaryOut>;

export const designOut = designSummaryOut.extend({
  scene: sceneSchema,
  caption: z.string(),
  caption_channel: z.enum(socialChannels).nullable(),
  /** Whether the render is older than the scene's last change. */
  render_stale: z.boolean(),
  policies: z.object({ "designs.update": z.boolean(), "designs.delete": z.boolean(), "designs.create": z.boolean() }),
});
export type DesignOut = z.infer<typeof designOut>;

export const designAnswerOut = z.object({ data: designOut });
export const designListOut = z.object({ data: z.array(designSummaryOut), meta: listMetaOut });
