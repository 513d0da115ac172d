import * as z from "zod";
import { count } from "../counting";
import { propertyTypes } from "../enums";
import { articleRef, positiveId, tooLong } from "./common";

export type PropertyType = (typeof propertyTypes)[number];

/** Types whose values are picked from the property's options. */
export const CHOICE_TYPES: readonly PropertyType[] = ["select", "multi_select"];

export const PROPERTY_TYPE_LABELS: Record<PropertyType, string> = {
  text: "Text",
  number: "Number",
  select: "Select",
  multi_select: "Multi-select",
  date: "Date",
  person: "Person",
  checkbox: "Checkbox",
  url: "URL",
};

export const MAX_PROPERTY_OPTIONS = 50;

const propertyName = z.string().trim().min(1, "can't be blank").max(80, tooLong(80));

/** Choices of a select property: trimmed, non-empty, each listed once. */
const propertyOptions = z
  .array(z.string().trim().min(1, "can't contain a blank option").max(100, "can't contain an option over 100 characters"))
  .max(MAX_PROPERTY_OPTIONS, `can have at most ${count(MAX_PROPERTY_OPTIONS, "option")}`)
  .refine((options) => new Set(options).size === options.length, "can't list the same option twice");

/** POST /v1/folders/:ref/properties */
export const createPropertySchema = z.object({
  property: z
    .object({
      name: propertyName,
      type: z.enum(propertyTypes, { error: `must be one of ${propertyTypes.join(", ")}` }),
      options: propertyOptions.optional(),
    })
    .superRefine((value, ctx) => {
      const choices = CHOICE_TYPES.includes(value.type);
      if (choices && !value.options?.length) {
        ctx.addIssue({ code: "custom", path: ["options"], message: "needs at least one option for a select property" });
      }
      if (!choices && value.options?.length) {
        ctx.addIssue({ code: "custom", path: ["options"], message: "are only for select and multi-select properties" });
      }
    }),
});

/** PUT /v1/properties/:id (the type is fixed once values exist, so it cannot change). */
export const updatePropertySchema = z.object({
  property: z
    .object({
      name: propertyName.optional(),
      options: propertyOptions.optional(),
      position: z.number({ error: "must be a number" }).optional(),
    })
    .refine((value) => Object.keys(value).length > 0, "must change at least one field"),
});

/** `/articles/:id/properties/:propertyId` */
export const assignedPropertyParam = z.object({ id: articleRef, propertyId: positiveId });

/** PUT /v1/articles/:id/properties/:propertyId; what `value` must be depends on the property's type. */
export const assignPropertySchema = z.object({
  value: z.unknown().optional(),
  assignee_id: positiveId.nullable().optional(),
});

export type PropertyValue = string | number | boolean | string[] | null;

/** Links a value may hold: http(s) only, so a stored value can never run script when clicked. */
export function isSafeHttpUrl(value: string) {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && Boolean(url.hostname);
  } catch {
    return false;
  }
}

/** `2024-05-31` or a full ISO 8601 timestamp. */
const isoDate = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/**
 * Checks a value against a property's type (the API refuses a bad one with 400 naming
 * `value`; the UI uses the same rules before sending). Person properties hold their person
 * in `assignee_id`, so their value is always null.
 */
export function checkPropertyValue(
  property: { type: PropertyType; options: readonly string[] },
  value: unknown,
): { ok: true; value: PropertyValue } | { ok: false; message: string } {
  const fail = (message: string) => ({ ok: false as const, message });
  switch (property.type) {
    case "text":
      if (typeof value !== "string") return fail("must be text");
      if (value.length > 2000) return fail(tooLong(2000));
      return { ok: true, value };
    case "number":
      if (typeof value !== "number" || !Number.isFinite(value)) return fail("must be a number");
      return { ok: true, value };
    case "date":
      if (typeof value !== "string" || !isoDate.safeParse(value).success) return fail("must be an ISO 8601 date, like 2024-05-31");
      return { ok: true, value };
    case "select":
      if (typeof value !== "string" || !property.options.includes(value)) return fail(`must be one of ${property.options.join(", ")}`);
      return { ok: true, value };
    case "multi_select": {
      if (!Array.isArray(value) || value.some((item) => typeof item !== "string")) return fail("must be a list of options");
      const unknown = value.filter((item) => !property.options.includes(item as string));
      if (unknown.length) return fail(`can only hold ${property.options.join(", ")} (not ${unknown.join(", ")})`);
      return { ok: true, value: [...new Set(value as string[])] };
    }
    case "checkbox":
      if (typeof value !== "boolean") return fail("must be true or false");
      return { ok: true, value };
    case "url":
      if (typeof value !== "string" || value.length > 2000 || !isSafeHttpUrl(value)) return fail("must be an http or https link");
      return { ok: true, value };
    case "person":
      if (value !== undefined && value !== null) return fail("must be empty for a person property: send assignee_id");
      return { ok: true, value: null };
  }
}
