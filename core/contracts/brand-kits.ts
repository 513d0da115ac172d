import * as z from "zod";
import { tooLong } from "./common";
import { brandVoiceNoteTypes } from "../content/voice";
import { FONT_FAMILIES } from "../document/fonts";
import { logoVariants } from "../enums";
import { contentSourceSchema } from "./knowledge";
import { isPaint, PAINT_MESSAGE } from "../designs/paint";

/** Brand kits: `/workspaces/:id/brand-kits` and `/brand-kits/:id`. */

export const brandColorSchema = z.object({
  name: z.string().trim().max(50, tooLong(50)).default(""),
  value: z
    .string({ error: "must be a colour" })
    .trim()
    .refine(isPaint, PAINT_MESSAGE),
});

const fontName = z.string().refine((font) => (FONT_FAMILIES as readonly string[]).includes(font), "must be one of the supported fonts");

export const brandFontsSchema = z.object({ title: fontName.optional(), subtitle: fontName.optional(), body: fontName.optional() }).strict();

export const brandVoiceNotesSchema = z.partialRecord(z.enum(brandVoiceNoteTypes), z.string().trim().max(5_000, tooLong(5_000)));

const brandKitFields = z.object({
  name: z.string({ error: "is required" }).trim().min(1, "can't be blank").max(100, tooLong(100)),
  colors: z.array(brandColorSchema).max(24, "has too many colours (at most 24)"),
  fonts: brandFontsSchema,
  notes: brandVoiceNotesSchema,
  is_default: z.boolean({ error: "must be true or false" }),
});

export const brandKitCreateSchema = brandKitFields.extend({
  colors: brandKitFields.shape.colors.default([]),
  fonts: brandKitFields.shape.fonts.default({}),
  notes: brandKitFields.shape.notes.default({}),
  is_default: brandKitFields.shape.is_default.optional(),
});
export type BrandKitCreate = z.infer<typeof brandKitCreateSchema>;

/** Only what is sent changes (no defaults here, or an update would wipe the colours). */
export const brandKitUpdateSchema = brandKitFields.partial().refine((body) => Object.keys(body).length > 0, "Send at least one field to change");
export type BrandKitUpdate = z.infer<typeof brandKitUpdateSchema>;

export const logoVariantSchema = z.enum(logoVariants, { error: `must be one of ${logoVariants.join(", ")}` });

/** Drafting a brand voice from samples (SPEC content source types). */
export const voiceDraftSchema = z.object({ samples: z.array(contentSourceSchema).min(1, "needs at least one sample").max(10, "has too many samples (at most 10)") });

/** A brand kit as the API answers it: its voice notes, logos, and what the caller may do with it. */
export const brandKitOut = z.object({
  id: z.number().int(),
  workspace_id: z.number().int(),
  name: z.string(),
  is_default: z.boolean(),
  colors: z.array(z.object({ name: z.string(), value: z.string() })),
  fonts: z.object({ title: z.string().optional(), subtitle: z.string().optional(), body: z.string().optional() }),
  notes: z.partialRecord(z.enum(brandVoiceNoteTypes), z.string()),
  logos: z.array(
    z.object({
      variant: z.enum(logoVariants),
      upload_id: z.number().int(),
      filename: z.string(),
      content_type: z.string(),
      /** The logo's file, for a signed-in browser: `/files/:upload_id`. */
      url: z.string(),
    }),
  ),
  created_at: z.string(),
  updated_at: z.string(),
  /** What the caller may do with it: change or delete it. */
  policies: z.object({ "brand_kits.manage": z.boolean() }),
});
export type BrandKitOut = z.infer<typeof brandKitOut>;
