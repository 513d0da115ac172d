import { z } from "zod";

/** A positive integer id from a path, query or body (strings are coerced). */
export const positiveId = z.coerce.number({ error: "must be a number" }).int().positive({ error: "must be a positive number" });

/** `/:id` */
export const idParam = z.object({ id: positiveId });

/** `/w/:ws/...` */
export const workspaceParam = z.object({ ws: positiveId });

/** "true"/"false" in a query string. */
export const queryBoolean = z
  .enum(["true", "false"], { error: "must be true or false" })
  .optional()
  .transform((value) => value === "true");

/** A password that protects one article or folder; null removes it. */
export const protectionPassword = z
  .string()
  .min(4, "is too short (at least 4 characters)")
  .max(200, "is too long (at most 200 characters)")
  .nullable();
