/**
 * PKCE (RFC 7636): a random code verifier that never leaves this server and the browser's
 * HttpOnly cookie, and its S256 challenge, which goes to the network in the authorize URL.
 */

import { toBase64url as base64url } from "../../lib/base64url";

/** 64 characters of the unreserved alphabet (RFC 7636 4.1: 43 to 128), from 48 random bytes. */
export function newCodeVerifier(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(48)));
}

/** BASE64URL(SHA256(ASCII(code_verifier))), RFC 7636 4.2. */
export async function codeChallenge(verifier: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))));
}

export const randomId = (bytes = 18) => base64url(crypto.getRandomValues(new Uint8Array(bytes)));
