import { readClientAuth } from "./auth-cookie";
import type { ClientIdentity } from "./api-rules";
import { browserLocal, browserSession, preferences, STORAGE_KEYS } from "./preferences";

/**
 * Who this browser tab is to the API (SPEC section 3 "Client state"): a signed-in user
 * (the session cookie's secret-free companion says so), an unregistered user (a stored authorization header), or an
 * anonymous visitor (a stored uuid). Also the per-tab session id.
 */

export interface AnonymousUser {
  uuid: string;
  display_name: string;
  first_name: string;
  last_name: string;
  /** The company of the first article this visitor opened; their X-Workspace-Id. */
  workspace_id?: number | null;
}

export interface UnregisteredUser {
  status: "idle" | "loading" | "resolved" | "rejected";
  headers: { Authorization?: string };
  user: { first_name: string; last_name: string };
  bannerDismissed: boolean;
  workspace_id?: number | null;
}

let memorySessionUuid: string | null = null;

/** One id per browser tab (session storage survives reloads, not new tabs). */
export function sessionUuid(): string {
  const stored = browserSession.read<string | null>(STORAGE_KEYS.sessionUuid, null, (v) => (typeof v === "string" ? v : null));
  if (stored) return stored;
  const fresh = memorySessionUuid ?? crypto.randomUUID();
  memorySessionUuid = fresh;
  browserSession.write(STORAGE_KEYS.sessionUuid, fresh);
  return fresh;
}

export function anonymousUser(): AnonymousUser {
  const stored = browserLocal.read<AnonymousUser | null>(STORAGE_KEYS.anonymousUser, null, (v) =>
    v && typeof v === "object" && typeof (v as AnonymousUser).uuid === "string" ? (v as AnonymousUser) : null,
  );
  if (stored) return stored;
  const fresh: AnonymousUser = { uuid: crypto.randomUUID(), display_name: "", first_name: "", last_name: "" };
  browserLocal.write(STORAGE_KEYS.anonymousUser, fresh);
  return fresh;
}

export function unregisteredUser(): UnregisteredUser | null {
  return browserLocal.read<UnregisteredUser | null>(STORAGE_KEYS.unregisteredUser, null, (v) =>
    v && typeof v === "object" && typeof (v as UnregisteredUser).headers === "object" ? (v as UnregisteredUser) : null,
  );
}

/** The identity the next API request is made as. */
export function currentIdentity(): ClientIdentity {
  const auth = readClientAuth();
  if (auth) {
    return {
      kind: "signed_in",
      currentWorkspaceId: auth.last_workspace_id,
      superAdminMode: auth.superAdminMode,
    };
  }
  const unregistered = unregisteredUser();
  if (unregistered?.headers.Authorization) {
    return { kind: "unregistered", authorization: unregistered.headers.Authorization, workspaceId: unregistered.workspace_id ?? null };
  }
  const anonymous = anonymousUser();
  return { kind: "anonymous", anonymousUuid: anonymous.uuid, workspaceId: anonymous.workspace_id ?? null };
}

/** Sign-out: the session, its headers and what was cached for it are gone. */
export function forgetSignedInState() {
  preferences.clearWorkspaces();
}
