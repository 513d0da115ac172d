/**
 * A `signed_request` as Meta sends it to deauthorize and data-deletion callbacks
 * (developers.facebook.com/docs/games/gamesonfacebook/login#parsingsr): `<signature>.<payload>`,
 * both base64url; the payload is JSON with `algorithm: "HMAC-SHA256"`; the signature is
 * HMAC-SHA256 of the payload's base64url text under the app secret. Any network that signs
 * its callbacks the same way verifies them here. Anything else is refused (null).
 */

import { fromBase64url, toBase64url } from "../../lib/base64url";

export interface SignedRequestPayload {
  algorithm: string;
  user_id?: string;
  issued_at?: number;
  [key: string]: unknown;
}

async function hmacKey(secret: string, usage: "sign" | "verify") {
  return crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [usage]);
}

/** The payload, when the signature is the app secret's HMAC-SHA256 of it (compared in constant time by WebCrypto) and the algorithm says so. */
export async function verifySignedRequest(signedRequest: string, appSecret: string): Promise<SignedRequestPayload | null> {
  if (!appSecret) return null;
  const parts = signedRequest.split(".");
  if (parts.length !== 2 || !parts[0] || !parts[1]) return null;
  const [encodedSignature, encodedPayload] = parts as [string, string];
  const signature = fromBase64url(encodedSignature);
  const payloadBytes = fromBase64url(encodedPayload);
  if (!signature || !payloadBytes) return null;
  const valid = await crypto.subtle.verify("HMAC", await hmacKey(appSecret, "verify"), signature, new TextEncoder().encode(encodedPayload));
  if (!valid) return null;
  let payload: SignedRequestPayload;
  try {
    payload = JSON.parse(new TextDecoder().decode(payloadBytes)) as SignedRequestPayload;
  } catch {
    return null;
  }
  if (typeof payload !== "object" || payload === null || String(payload.algorithm).toUpperCase() !== "HMAC-SHA256") return null;
  return payload;
}

/** Signs a payload as the network would (tests, and a local fake of the network). */
export async function signRequest(payload: Record<string, unknown>, appSecret: string): Promise<string> {
  const encodedPayload = toBase64url(new TextEncoder().encode(JSON.stringify(payload)));
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(appSecret, "sign"), new TextEncoder().encode(encodedPayload)));
  return `${toBase64url(signature)}.${encodedPayload}`;
}
