import type { SerializedDocument } from "../../../core/document/types";
import type { BuiltInTemplateJson, TemplateBinderJson, TemplateJson } from "../../../worker/presenters/templates";

export type { BuiltInTemplateJson, TemplateBinderJson, TemplateJson };

/** A card in the gallery: a built-in template or one of the workspace's. */
export type GalleryTemplate = TemplateJson | BuiltInTemplateJson;

/** The template open in the preview panel; `ref` is what the use route takes (a key or an id). */
export type TemplatePreview = (TemplateJson | (BuiltInTemplateJson & { slug: null })) & { body: SerializedDocument; ref: string };

export interface TemplateActionResult {
  intent: string;
  ok: boolean;
  message?: string;
  fields?: Record<string, string[]>;
}

/** The gallery and preview path of a template: built-ins by key, the workspace's by id. */
export const templateRefOf = (template: GalleryTemplate) => (template.built_in ? template.key : String(template.id));
