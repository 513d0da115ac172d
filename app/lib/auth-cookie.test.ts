import { describe, expect, it } from "vitest";
import {
  AUTH_COOKIE_MAX_AGE,
  AUTH_COOKIE_NAME,
  authStateFor,
  CLIENT_AUTH_COOKIE_NAME,
  decodeClientAuthState,
  authStateFromCookieHeader,
  decodeAuthState,
  encodeAuthState,
  readCookie,
  serializeAuthCookies,
  serializeClearedAuthCookies,
  type AuthState,
} from "./auth-cookie";

const state: AuthState = {
  headers: { Authorization: "Bearer aaa.bbb.ccc" },
  last_workspace_id: 7,
  company_id: 7,
  superAdminMode: null,
};

describe("the auth cookie", () => {
  it("round-trips the session state through lz-string compression", () => {
    const encoded = encodeAuthState(state);
    expect(encoded).not.toContain("Bearer");
    expect(encoded).toMatch(/^[A-Za-z0-9+\-$]+$/);
    expect(decodeAuthState(encoded)).toEqual(state);
  });

  it("lasts 30 days on the app's own host, HttpOnly, SameSite=Lax, Secure on https only", () => {
    expect(AUTH_COOKIE_MAX_AGE).toBe(2_592_000);
    const [session, companion] = serializeAuthCookies(state, { secure: true });
    expect(session).toMatch(new RegExp(`^${AUTH_COOKIE_NAME}=`));
    for (const cookie of [session!, companion!]) {
      expect(cookie).toContain("Max-Age=2592000");
      expect(cookie).toContain("Path=/");
      expect(cookie).toContain("SameSite=Lax");
      expect(cookie).toContain("Secure");
      expect(cookie).not.toContain("Domain=");
    }
    expect(session).toContain("HttpOnly");
    for (const cookie of serializeAuthCookies(state, { secure: false })) expect(cookie).not.toContain("Secure");
  });

  it("gives page scripts a companion cookie with the workspace and super-admin mode, never the token", () => {
    const [, companion] = serializeAuthCookies({ ...state, superAdminMode: 7 }, { secure: true });
    expect(companion).toMatch(new RegExp(`^${CLIENT_AUTH_COOKIE_NAME}=`));
    expect(companion).not.toContain("HttpOnly");
    const value = readCookie(companion!.split(";")[0], CLIENT_AUTH_COOKIE_NAME);
    expect(decodeClientAuthState(value)).toEqual({ last_workspace_id: 7, company_id: 7, superAdminMode: 7 });
    expect(decodeAuthState(value)).toBeNull();
  });

  it("is cleared with an empty value and Max-Age=0, the companion with it", () => {
    expect(serializeClearedAuthCookies({ secure: false })).toEqual([
      `${AUTH_COOKIE_NAME}=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly`,
      `${CLIENT_AUTH_COOKIE_NAME}=; Path=/; Max-Age=0; SameSite=Lax`,
    ]);
  });

  it("is read back out of a Cookie header among others", () => {
    const header = `theme=dark; ${AUTH_COOKIE_NAME}=${encodeAuthState(state)}; other=1`;
    expect(authStateFromCookieHeader(header)).toEqual(state);
    expect(readCookie(header, "theme")).toBe("dark");
    expect(readCookie(header, "missing")).toBeNull();
    expect(authStateFromCookieHeader(null)).toBeNull();
  });

  it("refuses tampered or foreign values", () => {
    expect(decodeAuthState("not-lz-data")).toBeNull();
    expect(decodeAuthState(encodeAuthState({ ...state, headers: { Authorization: "Basic abc" } }))).toBeNull();
    expect(decodeAuthState(encodeAuthState(null as unknown as AuthState))).toBeNull();
  });

  it("drops ids that are not positive integers", () => {
    const odd = { ...state, last_workspace_id: "7", company_id: -1, superAdminMode: 1.5 } as unknown as AuthState;
    expect(decodeAuthState(encodeAuthState(odd))).toEqual({ ...state, last_workspace_id: null, company_id: null, superAdminMode: null });
  });

  it("starts a fresh session in the given workspace with super-admin mode off", () => {
    expect(authStateFor("Bearer t", 3)).toEqual({
      headers: { Authorization: "Bearer t" },
      last_workspace_id: 3,
      company_id: 3,
      superAdminMode: null,
    });
  });
});
