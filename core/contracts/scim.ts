import * as z from "zod";
import { positiveId, tooLong } from "./common";
import { emailField } from "./users";

/** The schema URNs of SCIM 2.0 (RFC 7643 and 7644) that the Users endpoint speaks. */
export const SCIM_SCHEMAS = {
  user: "urn:ietf:params:scim:schemas:core:2.0:User",
  listResponse: "urn:ietf:params:scim:api:messages:2.0:ListResponse",
  patchOp: "urn:ietf:params:scim:api:messages:2.0:PatchOp",
  error: "urn:ietf:params:scim:api:messages:2.0:Error",
  serviceProviderConfig: "urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig",
  resourceType: "urn:ietf:params:scim:schemas:core:2.0:ResourceType",
  schema: "urn:ietf:params:scim:schemas:core:2.0:Schema",
} as const;

export const SCIM_CONTENT_TYPE = "application/scim+json";
/** Most users one list page returns, whatever `count` asks for. */
export const SCIM_MAX_PAGE_SIZE = 200;

/** POST /v1/scim/tokens */
export const createScimTokenSchema = z.object({
  name: z.string({ error: "can't be blank" }).trim().min(1, "can't be blank").max(80, tooLong(80)),
});

/** DELETE /v1/scim/tokens/:id */
export const scimTokenIdParam = z.object({ id: positiveId });

/** `/scim/v2/Users/:id`: SCIM ids are strings; ours are the user's numeric id. */
export const scimUserIdParam = z.object({
  id: z
    .string()
    .regex(/^\d{1,15}$/, "is not a user id")
    .transform(Number),
});

/** Identity providers send booleans, and some send "True"/"False" strings in PATCH values. */
export const scimBoolean = z.union([
  z.boolean(),
  z
    .string()
    .toLowerCase()
    .pipe(z.enum(["true", "false"], { error: "must be true or false" }))
    .transform((value) => value === "true"),
]);

const nameField = z.string().trim().max(60, tooLong(60));

/**
 * POST and PUT /v1/scim/v2/Users. Loose: identity providers send many attributes we do not
 * keep (emails, externalId, title…); those are accepted and ignored.
 */
export const scimUserSchema = z.looseObject({
  schemas: z.array(z.string()).optional(),
  userName: emailField,
  name: z.looseObject({ givenName: nameField.optional(), familyName: nameField.optional() }).optional(),
  active: scimBoolean.optional(),
});

/** PATCH /v1/scim/v2/Users/:id */
export const scimPatchSchema = z.object({
  schemas: z.array(z.string()).optional(),
  Operations: z
    .array(
      z.object({
        op: z
          .string()
          .toLowerCase()
          .pipe(z.enum(["add", "replace", "remove"], { error: "must be add, replace or remove" })),
        path: z.string().max(200).optional(),
        value: z.unknown().optional(),
      }),
    )
    .min(1, "must hold at least one operation"),
});

/** GET /v1/scim/v2/Users. RFC 7644 3.4.2.4: a startIndex under 1 means 1, a negative count means 0. */
export const scimListQuery = z.object({
  filter: z.string().max(500, "is too long").optional(),
  startIndex: z.coerce
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .default(1)
    .transform((value) => Math.max(1, value)),
  count: z.coerce
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .default(100)
    .transform((value) => Math.min(SCIM_MAX_PAGE_SIZE, Math.max(0, value))),
});

export const scimNameField = nameField;
export type ScimUserInput = z.infer<typeof scimUserSchema>;
export type ScimPatchOperation = z.infer<typeof scimPatchSchema>["Operations"][number];
