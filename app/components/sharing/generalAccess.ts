import type { AccessLevel } from "../../../core/enums";
import type { AccessGrant } from "./types";

/**
 * The share dialog's "General access": the workspace's members (an EveryoneAtWorkspace
 * grant) and anyone with the link (an UnauthUser grant, at most comment). Choosing a level
 * adds, changes or removes that one grant.
 */

export type GeneralTarget = "EveryoneAtWorkspace" | "UnauthUser";
export type GeneralLevel = "none" | Exclude<AccessLevel, "owner">;

export const GENERAL_CHOICES: Record<GeneralTarget, GeneralLevel[]> = {
  EveryoneAtWorkspace: ["none", "read", "comment", "edit"],
  UnauthUser: ["none", "read", "comment"],
};

/** The grant behind a general-access row, if any. */
export const generalGrant = (grants: AccessGrant[], target: GeneralTarget) => grants.find((grant) => grant.target_type === target) ?? null;

/** What the row shows: the grant's level (an owner grant reads as edit), or none. */
export function generalLevel(grant: AccessGrant | null): GeneralLevel {
  if (!grant) return "none";
  return grant.permission === "owner" ? "edit" : grant.permission;
}

export type GeneralChange =
  | { method: "POST"; path: string; body: unknown }
  | { method: "PUT"; path: string; body: unknown }
  | { method: "DELETE"; path: string; body?: undefined };

/** The one call that takes a general-access row from its grant to `wanted`; null when nothing changes. */
export function generalChange(articleId: number, target: GeneralTarget, grant: AccessGrant | null, wanted: GeneralLevel): GeneralChange | null {
  if (wanted === generalLevel(grant)) return null;
  if (wanted === "none") return grant ? { method: "DELETE", path: `/accesses/${grant.id}` } : null;
  if (grant) return { method: "PUT", path: `/accesses/${grant.id}`, body: { permission: wanted } };
  return { method: "POST", path: `/articles/${articleId}/accesses`, body: { member_accesses: [{ target_type: target, permission: wanted }] } };
}
