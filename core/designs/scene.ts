import * as z from "zod";
import { FONT_FAMILIES } from "../document/fonts";
import { logoVariants, textRoles } from "../enums";
import { isHexColor, isPaint, PAINT_MESSAGE } from "./paint";

/**
 * A design's canvas scene: what the editor draws and the exported file shows, stored as JSON in
 * `designs.scene` and validated here on every write. Coordinates are pixels of the design's own
 * size (a 1080×1080 post has x from 0 to 1080); the editor scales the view, never the scene.
 * `version` is the scene format's: a later format migrates older scenes when it reads them.
 */
export const SCENE_VERSION = 1;
export const MAX_SCENE_NODES = 60;

const num = (min: number, max: number, what = "a number") =>
  z.number({ error: `must be ${what}` }).finite({ error: `must be ${what}` }).min(min, { error: `must be at least ${min}` }).max(max, { error: `must be at most ${max}` });

const uploadId = z.number({ error: "must be an upload id" }).int({ error: "must be an upload id" }).positive({ error: "must be an upload id" });
const paint = z.string({ error: "must be a colour" }).trim().refine(isPaint, PAINT_MESSAGE);
const hex = z.string({ error: "must be a colour" }).trim().refine(isHexColor, "must be a hex colour such as #2F5EBC");

/** Which part of an image shows, as fractions of its natural size (absent: centred, cropped to fill). */
export const cropSchema = z
  .object({ x: num(0, 1), y: num(0, 1), width: num(0.01, 1), height: num(0.01, 1) })
  .refine((crop) => crop.x + crop.width <= 1.0001 && crop.y + crop.height <= 1.0001, "must lie inside the image");
export type Crop = z.infer<typeof cropSchema>;

const nodeBase = {
  id: z.string({ error: "is required" }).regex(/^[A-Za-z0-9_-]{1,40}$/, "must be 1 to 40 letters, digits, - or _"),
  /** The layers panel's label. */
  name: z.string().trim().max(60, "is too long (at most 60 characters)").default(""),
  x: num(-20_000, 20_000),
  y: num(-20_000, 20_000),
  width: num(1, 20_000),
  height: num(1, 20_000),
  rotation: num(-360, 360).default(0),
  opacity: num(0, 1).default(1),
  hidden: z.boolean().default(false),
  locked: z.boolean().default(false),
};

export const imageNodeSchema = z.object({
  ...nodeBase,
  type: z.literal("image"),
  upload_id: uploadId,
  crop: cropSchema.nullable().default(null),
  /** The design's main photo (the core_image step replaces this one). */
  core: z.boolean().default(false),
});

export const textNodeSchema = z.object({
  ...nodeBase,
  type: z.literal("text"),
  text: z.string().max(2_000, "is too long (at most 2,000 characters)"),
  /** SPEC's text roles: the brand kit's font for this role is applied to it. */
  role: z.enum(textRoles, { error: `must be one of ${textRoles.join(", ")}` }),
  font_family: z.string().refine((font) => (FONT_FAMILIES as readonly string[]).includes(font), "must be one of the supported fonts"),
  font_size: num(4, 800),
  font_weight: z.number().int().refine((w) => w >= 100 && w <= 900 && w % 100 === 0, "must be 100 to 900 in steps of 100").default(400),
  italic: z.boolean().default(false),
  align: z.enum(["left", "center", "right"]).default("left"),
  vertical_align: z.enum(["top", "middle", "bottom"]).default("top"),
  fill: paint,
  line_height: num(0.7, 3).default(1.2),
  letter_spacing: num(-20, 200).default(0),
  /** Shrink (or grow, up to `font_size`) the text so it fits its box (core/designs/fit.ts). */
  auto_fit: z.boolean().default(true),
});

export const logoNodeSchema = z.object({
  ...nodeBase,
  type: z.literal("logo"),
  variant: z.enum(logoVariants),
  /** The brand kit's logo file for `variant`; null until a kit with a logo is applied. */
  upload_id: uploadId.nullable().default(null),
  /** Pick Light or Dark by what is behind the logo when the brand is applied. */
  auto_variant: z.boolean().default(true),
});

export const shapeNodeSchema = z.object({
  ...nodeBase,
  type: z.literal("shape"),
  shape: z.enum(["rect", "ellipse", "triangle"]),
  fill: paint,
  corner_radius: num(0, 2_000).default(0),
  /** Where the brand is applied, which of the kit's colours this shape takes (0: the first). */
  palette_index: z.number().int().min(0).max(23).nullable().default(null),
});

export const sceneNodeSchema = z.discriminatedUnion("type", [imageNodeSchema, textNodeSchema, logoNodeSchema, shapeNodeSchema], {
  error: "type must be one of image, text, logo, shape",
});
export type SceneNode = z.infer<typeof sceneNodeSchema>;
export type ImageNode = z.infer<typeof imageNodeSchema>;
export type TextNode = z.infer<typeof textNodeSchema>;
export type LogoNode = z.infer<typeof logoNodeSchema>;
export type ShapeNode = z.infer<typeof shapeNodeSchema>;

export const backgroundSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("color"), color: hex }),
    z.object({ kind: z.literal("gradient"), gradient: paint }),
    z.object({
      kind: z.literal("image"),
      upload_id: uploadId,
      crop: cropSchema.nullable().default(null),
      /** Blur radius in design pixels. */
      blur: num(0, 60).default(0),
      /** 0: as it is; 1: black. */
      darken: num(0, 0.9).default(0),
    }),
  ],
  { error: "kind must be one of color, gradient, image" },
);
export type Background = z.infer<typeof backgroundSchema>;

export const sceneSchema = z.object({
  version: z.literal(SCENE_VERSION, { error: `must be ${SCENE_VERSION}` }),
  width: z.number().int().min(16).max(4_096),
  height: z.number().int().min(16).max(4_096),
  background: backgroundSchema,
  /** Bottom to top: the last node is drawn over the others. */
  nodes: z
    .array(sceneNodeSchema)
    .max(MAX_SCENE_NODES, `has too many layers (at most ${MAX_SCENE_NODES})`)
    .refine((nodes) => new Set(nodes.map((node) => node.id)).size === nodes.length, "has two layers with the same id"),
  /** The brand kit last applied, for "Apply brand" to offer again. */
  brand_kit_id: z.number().int().positive().nullable().default(null),
});
export type Scene = z.infer<typeof sceneSchema>;
export type SceneInput = z.input<typeof sceneSchema>;

/** Every upload a scene draws (images, logos, the background photo): each is checked like any upload id. */
export function sceneUploadIds(scene: Scene): number[] {
  const ids = new Set<number>();
  if (scene.background.kind === "image") ids.add(scene.background.upload_id);
  for (const node of scene.nodes) {
    if ((node.type === "image" || node.type === "logo") && node.upload_id) ids.add(node.upload_id);
  }
  return [...ids];
}
