/** base64url (RFC 4648 §5, unpadded): tokens, cursors, PKCE challenges, signed requests. */
export const toBase64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/** The bytes of a base64url text (padded or not), or null when it is not one. */
export function fromBase64url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) return null;
  try {
    const bare = text.replace(/=+$/, "");
    const padded = bare.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((bare.length + 3) % 4);
    return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}
