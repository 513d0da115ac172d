import { HTTPException } from "hono/http-exception";
import { SCIM_MAX_PAGE_SIZE, SCIM_SCHEMAS } from "../../core/contracts/scim";
import type { Membership, scimTokens, User } from "../db/schema";
import { Conflict, HttpError, Invalid, Unprocessable } from "../lib/errors";
import { fullName, iso } from "./users";

type ScimToken = typeof scimTokens.$inferSelect;

/** A SCIM token as its workspace's admins see it: never the token or its hash. */
export function presentScimToken(token: ScimToken) {
  return {
    id: token.id,
    workspace_id: token.workspaceId,
    name: token.name,
    status: token.revokedAt ? "revoked" : "active",
    created_by_id: token.createdById,
    last_used_at: iso(token.lastUsedAt),
    revoked_at: iso(token.revokedAt),
    created_at: iso(token.createdAt),
  };
}

const later = (a: Date, b: Date) => (a.getTime() > b.getTime() ? a : b);

/** A workspace membership as a SCIM 2.0 User (RFC 7643 section 4.1). SCIM ids are strings. */
export function presentScimUser(user: User, membership: Membership, origin: string) {
  return {
    schemas: [SCIM_SCHEMAS.user],
    id: String(user.id),
    userName: user.email,
    name: { givenName: user.firstName, familyName: user.lastName, formatted: fullName(user) },
    displayName: fullName(user),
    emails: [{ value: user.email, type: "work", primary: true }],
    active: membership.status !== "deactivated",
    meta: {
      resourceType: "User",
      created: iso(membership.createdAt),
      lastModified: iso(later(membership.updatedAt, user.updatedAt)),
      location: `${origin}/v1/scim/v2/Users/${user.id}`,
    },
  };
}

export function presentScimList<T>(resources: T[], page: { totalResults: number; startIndex: number }) {
  return {
    schemas: [SCIM_SCHEMAS.listResponse],
    totalResults: page.totalResults,
    startIndex: page.startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}

/** RFC 7644 section 3.12 `scimType` for the app's typed errors. */
function scimTypeOf(error: Error): string | undefined {
  if (error instanceof Conflict) return "uniqueness";
  if (error instanceof Invalid) {
    const fields = (error.details.fields ?? {}) as Record<string, unknown>;
    return "filter" in fields ? "invalidFilter" : "invalidValue";
  }
  if (error instanceof Unprocessable) return "mutability";
  if (error instanceof HTTPException) return "invalidSyntax";
  return undefined;
}

/**
 * Any error on a SCIM route in SCIM's error shape. SCIM has no 422: a refused change
 * (the last admin, a userName that cannot change) is a 400 with scimType "mutability".
 */
export function presentScimError(error: Error) {
  let status = 500;
  let detail = "Something went wrong on our side. It has been reported.";
  if (error instanceof HttpError) {
    status = error.status === 422 ? 400 : error.status;
    detail = error.message;
  } else if (error instanceof HTTPException && error.status < 500) {
    status = error.status;
    detail = error.message;
  }
  const scimType = status < 500 ? scimTypeOf(error) : undefined;
  return { status, body: { schemas: [SCIM_SCHEMAS.error], status: String(status), detail, ...(scimType && { scimType }) } };
}

/**
 * SCIM discovery (RFC 7643 sections 5-7): what this server supports, so an identity
 * provider configures itself: PATCH yes; bulk, sort, etag and password changes no;
 * filtering only `userName eq`; bearer-token authentication.
 */
export function presentServiceProviderConfig(origin: string) {
  return {
    schemas: [SCIM_SCHEMAS.serviceProviderConfig],
    documentationUri: `${origin}/`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_MAX_PAGE_SIZE },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      { type: "oauthbearertoken", name: "Bearer token", description: "A SCIM token created by a workspace admin.", primary: true },
    ],
    meta: { resourceType: "ServiceProviderConfig", location: `${origin}/v1/scim/v2/ServiceProviderConfig` },
  };
}

export function presentUserResourceType(origin: string) {
  return {
    schemas: [SCIM_SCHEMAS.resourceType],
    id: "User",
    name: "User",
    endpoint: "/Users",
    description: "A member of the workspace the SCIM token belongs to",
    schema: SCIM_SCHEMAS.user,
    meta: { resourceType: "ResourceType", location: `${origin}/v1/scim/v2/ResourceTypes/User` },
  };
}

const attribute = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: "string",
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: "readWrite",
  returned: "default",
  uniqueness: "none",
  ...extra,
});

/** The User attributes this server reads and returns; others are accepted and ignored. */
export function presentUserSchema(origin: string) {
  return {
    schemas: [SCIM_SCHEMAS.schema],
    id: SCIM_SCHEMAS.user,
    name: "User",
    description: "Workspace member",
    attributes: [
      attribute("userName", { required: true, uniqueness: "server", mutability: "immutable", description: "The email address" }),
      attribute("name", {
        type: "complex",
        subAttributes: [attribute("givenName"), attribute("familyName"), attribute("formatted", { mutability: "readOnly" })],
      }),
      attribute("displayName", { mutability: "readOnly" }),
      attribute("emails", {
        type: "complex",
        multiValued: true,
        mutability: "readOnly",
        subAttributes: [attribute("value"), attribute("type"), attribute("primary", { type: "boolean" })],
      }),
      attribute("active", { type: "boolean" }),
    ],
    meta: { resourceType: "Schema", location: `${origin}/v1/scim/v2/Schemas/${SCIM_SCHEMAS.user}` },
  };
}
