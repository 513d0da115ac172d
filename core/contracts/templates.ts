import * as z from "zod";
import { sortOrders } from "../enums";
import { insertAt, positiveId, tooLong } from "./common";
import { pageQuery } from "./pagination";

/** GET /v1/w/:ws/templates */
export const listTemplatesQuery = pageQuery.extend({
  category_id: positiveId.optional(),
  sort: z.enum(sortOrders, { error: `must be one of ${sortOrders.join(", ")}` }).optional(),
});

/** A template: a workspace template's id, or a built-in template's key (`blog-post`). */
export const templateRef = z
  .string()
  .regex(/^(\d+|[a-z][a-z0-9-]{0,63})$/, "must be a template id or a built-in template key")
  .transform((value): { id: number } | { key: string } => (/^\d+$/.test(value) ? { id: Number(value) } : { key: value }));

export const templateRefParam = z.object({ ref: templateRef });
export const workspaceTemplateParam = z.object({ ws: positiveId, ref: templateRef });

/** POST /v1/w/:ws/templates/:ref/use — a new document from the template. */
export const useTemplateSchema = z.object({
  folder_id: positiveId.nullable().optional(),
  title: z.string().trim().max(300, tooLong(300)).optional(),
});

/** POST /v1/articles/:id/save_as_template */
export const saveAsTemplateSchema = z.object({
  title: z.string().trim().min(1, "can't be blank").max(300, tooLong(300)).optional(),
  category_id: positiveId.nullable().optional(),
});

const binderName = z.string().trim().min(1, "can't be blank").max(200, tooLong(200));
const binderDescription = z.string().max(2000, tooLong(2000));

/** POST /v1/w/:ws/template_binders */
export const createTemplateBinderSchema = z.object({ name: binderName, description: binderDescription.optional() });

/** PUT /v1/template_binders/:id */
export const updateTemplateBinderSchema = z
  .object({ name: binderName.optional(), description: binderDescription.optional() })
  .refine((value) => Object.keys(value).length > 0, "must change at least one field");

/** POST /v1/template_binders/:id/templates */
export const addBinderTemplateSchema = z.object({ template_id: positiveId });

/** PUT /v1/template_binders/:id/templates/:templateId */
export const moveBinderTemplateSchema = z.object({ insert_at: insertAt });

export const binderTemplateParam = z.object({ id: positiveId, templateId: positiveId });
