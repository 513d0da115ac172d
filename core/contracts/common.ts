import * as z from "zod";
import { count } from "../counting";

/** The messages of a text field's length limits: "is too long (at most 2,000 characters)". */
export const tooLong = (max: number) => `is too long (at most ${count(max, "character")})`;
export const tooShort = (min: number) => `is too short (at least ${count(min, "character")})`;

/** A positive integer id from a path, query or body (strings are coerced). */
export const positiveId = z.coerce.number({ error: "must be a number" }).int().positive({ error: "must be a positive number" });

/** `/:id` */
export const idParam = z.object({ id: positiveId });

/** An article id, or a slug whose last dash-separated segment is the id (`/articles/:id`). */
export const articleRef = z
  .string()
  .regex(/(^|-)\d+$/, "must be an article id or slug")
  .transform((value) => Number(value.slice(value.lastIndexOf("-") + 1)));

/** `/w/:ws/...` */
export const workspaceParam = z.object({ ws: positiveId });

/** "true"/"false" in a query string. */
export const queryBoolean = z
  .enum(["true", "false"], { error: "must be true or false" })
  .optional()
  .transform((value) => value === "true");

/** `insert_at`: a 0-based place in a hand-ordered list (pins, handbook items, binder templates). */
export const insertAt = z.number({ error: "must be a number" }).int({ error: "must be a whole number" }).min(0, { error: "must be 0 or more" });

/** A password that protects one article or folder; null removes it. */
export const protectionPassword = z
  .string()
  .min(4, tooShort(4))
  .max(200, tooLong(200))
  .nullable();
