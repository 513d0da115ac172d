import { jwtVerify } from "jose";
import { COLLAB_TOKEN_AUDIENCE, COLLAB_TOKEN_ISSUER, collabClaimsSchema, ROOM_NOTICE_AUDIENCE, ROOM_NOTICE_ISSUER, type CollabClaims } from "../../core/collab";

export type TokenCheck = { ok: true; claims: CollabClaims } | { ok: false; status: 401 | 403 | 503; reason: string };

/** Verifies a room connection token: signature, expiry, issuer, audience and room. */
export async function verifyCollabToken(token: string | null, room: string, secret: string | undefined): Promise<TokenCheck> {
  if (!secret) return { ok: false, status: 503, reason: "Collaboration is not configured on this server" };
  if (!token) return { ok: false, status: 401, reason: "A collaboration token is required" };
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      issuer: COLLAB_TOKEN_ISSUER,
      audience: COLLAB_TOKEN_AUDIENCE,
      algorithms: ["HS256"],
    });
    const claims = collabClaimsSchema.safeParse(payload);
    if (!claims.success) return { ok: false, status: 401, reason: "The collaboration token is malformed" };
    if (claims.data.room !== room) return { ok: false, status: 403, reason: "This token is for another document" };
    return { ok: true, claims: claims.data };
  } catch {
    return { ok: false, status: 401, reason: "The collaboration token is invalid or has expired" };
  }
}

/** Whether a request to the room is a notice from the Worker, signed for this room. */
export async function verifyNoticeToken(authorization: string | null, room: string, secret: string | undefined): Promise<boolean> {
  const token = authorization?.match(/^Bearer (.+)$/)?.[1];
  if (!secret || !token) return false;
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      issuer: ROOM_NOTICE_ISSUER,
      audience: ROOM_NOTICE_AUDIENCE,
      algorithms: ["HS256"],
    });
    return payload.room === room;
  } catch {
    return false;
  }
}
