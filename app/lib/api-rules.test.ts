import { describe, expect, it } from "vitest";
import { limitMessage } from "../../core/billing/limit-message";
import { limitKeys, plans } from "../../core/billing/plans";
import {
  buildRequestHeaders,
  classifyUnauthorized,
  describeApiError,
  GET_RETRIES,
  isPlanLimitMessage,
  REDIRECT_GUARD_MS,
  redirectAllowed,
  RETRY_DELAY_MS,
  shouldRetry,
} from "./api-rules";

const sessionUuid = "tab-1";

describe("request headers (SPEC section 7)", () => {
  it("signed in: session id and current workspace, no Authorization (the HttpOnly cookie authenticates)", () => {
    expect(
      buildRequestHeaders({
        sessionUuid,
        identity: { kind: "signed_in", currentWorkspaceId: 5, superAdminMode: null },
      }),
    ).toEqual({ "x-session-uuid": "tab-1", "X-Workspace-Id": "5" });
  });

  it("signed in: the current workspace defaults to 1", () => {
    const headers = buildRequestHeaders({
      sessionUuid,
      identity: { kind: "signed_in", currentWorkspaceId: null, superAdminMode: null },
    });
    expect(headers["X-Workspace-Id"]).toBe("1");
  });

  it("sends the super-admin header only when super-admin mode is the current workspace", () => {
    const base = { kind: "signed_in", currentWorkspaceId: 5 } as const;
    expect(buildRequestHeaders({ sessionUuid, identity: { ...base, superAdminMode: 5 } })["x-superadmin-workspace-id"]).toBe("5");
    expect(buildRequestHeaders({ sessionUuid, identity: { ...base, superAdminMode: 9 } })).not.toHaveProperty(
      "x-superadmin-workspace-id",
    );
  });

  it("anonymous: workspace of the first known article and the anonymous uuid, no Authorization", () => {
    expect(
      buildRequestHeaders({ sessionUuid, identity: { kind: "anonymous", anonymousUuid: "anon-1", workspaceId: 3 } }),
    ).toEqual({ "x-session-uuid": "tab-1", "X-Workspace-Id": "3", "X-Anonymous-User-Uuid": "anon-1" });
  });

  it("unregistered: workspace and the stored authorization header", () => {
    expect(
      buildRequestHeaders({ sessionUuid, identity: { kind: "unregistered", authorization: "Bearer u", workspaceId: 2 } }),
    ).toEqual({ "x-session-uuid": "tab-1", "X-Workspace-Id": "2", Authorization: "Bearer u" });
  });

  it("adds X-Article-Password when the current document has a stored password", () => {
    const headers = buildRequestHeaders({
      sessionUuid,
      identity: { kind: "anonymous", anonymousUuid: "a", workspaceId: null },
      articlePassword: "s3cret",
    });
    expect(headers["X-Article-Password"]).toBe("s3cret");
    expect(headers).not.toHaveProperty("X-Workspace-Id");
  });
});

describe("retry policy", () => {
  it("retries GET up to 4 times, 2000 ms apart, on network errors and 5xx", () => {
    expect(GET_RETRIES).toBe(4);
    expect(RETRY_DELAY_MS).toBe(2000);
    for (let done = 0; done < 4; done++) {
      expect(shouldRetry("GET", { kind: "network_error" }, done)).toBe(true);
      expect(shouldRetry("get", { kind: "response", status: 503 }, done)).toBe(true);
    }
    expect(shouldRetry("GET", { kind: "network_error" }, 4)).toBe(false);
    expect(shouldRetry("GET", { kind: "response", status: 500 }, 4)).toBe(false);
  });

  it("never retries a GET that got an answer below 500", () => {
    for (const status of [200, 304, 400, 401, 403, 404, 422, 429]) {
      expect(shouldRetry("GET", { kind: "response", status }, 0)).toBe(false);
    }
  });

  it("never retries other methods", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(shouldRetry(method, { kind: "network_error" }, 0)).toBe(false);
      expect(shouldRetry(method, { kind: "response", status: 502 }, 0)).toBe(false);
    }
  });
});

describe("401 classification (SPEC section 8)", () => {
  it("'Signature has expired' means the session expired", () => {
    expect(classifyUnauthorized({ error: "Signature has expired" })).toBe("expired");
  });

  it("'invalid login credentials' and 'you need to sign in' mean signed out, in any case", () => {
    expect(classifyUnauthorized({ errors: ["Invalid login credentials. Please try again."] })).toBe("signed_out");
    expect(classifyUnauthorized({ errors: ["You need to sign in or sign up before continuing."] })).toBe("signed_out");
    expect(classifyUnauthorized({ errors: ["YOU NEED TO SIGN IN first"] })).toBe("signed_out");
  });

  it("only the first message counts, and anything else is left alone", () => {
    expect(classifyUnauthorized({ errors: ["Something else", "You need to sign in"] })).toBe("other");
    expect(classifyUnauthorized({ error: "unauthorized" })).toBe("other");
    expect(classifyUnauthorized(null)).toBe("other");
    expect(classifyUnauthorized("Signature has expired")).toBe("other");
  });
});

describe("repeat-redirect guard", () => {
  it("allows one redirect per 5 seconds", () => {
    expect(REDIRECT_GUARD_MS).toBe(5000);
    expect(redirectAllowed(null, 1_000)).toBe(true);
    expect(redirectAllowed(1_000, 5_999)).toBe(false);
    expect(redirectAllowed(1_000, 6_000)).toBe(true);
  });
});

describe("describeApiError", () => {
  it("reads the 401 errors list", () => {
    expect(describeApiError(401, { errors: ["Invalid login credentials. Please try again."] })).toMatchObject({
      message: "Invalid login credentials. Please try again.",
      fields: {},
    });
  });

  it("reads 422 field errors", () => {
    const problem = describeApiError(422, {
      error: "unprocessable",
      message: "Email has already been taken",
      fields: { email: ["has already been taken"] },
    });
    expect(problem.message).toBe("Email has already been taken");
    expect(problem.fields).toEqual({ email: ["has already been taken"] });
  });

  it("names 400 fields by their last path segment", () => {
    const problem = describeApiError(400, {
      error: "invalid",
      message: "Invalid body: user.email: is not a valid email address",
      fields: { "user.email": ["is not a valid email address"], "user.password": ["can't be blank"] },
    });
    expect(problem.fields).toEqual({ email: ["is not a valid email address"], password: ["can't be blank"] });
    expect(problem.message).toBe("Please correct the highlighted fields.");
  });

  it("says how long to wait after a 429, from Retry-After", () => {
    expect(describeApiError(429, { error: "too_many_requests" }, "30")).toMatchObject({
      retryAfter: 30,
      message: "Too many attempts. Please wait 30 seconds and try again.",
    });
    expect(describeApiError(429, { retry_after: 120 }).message).toBe("Too many attempts. Please wait 2 minutes and try again.");
  });

  it("has a plain sentence for 5xx and no answer at all", () => {
    expect(describeApiError(502, "<html>").message).toMatch(/on our side/);
    expect(describeApiError(0, null).message).toMatch(/on our side/);
  });
});

describe("plan-limit refusals", () => {
  it("recognises every limit's refusal, for admins and members, so the error display offers 'See plans'", () => {
    for (const key of limitKeys) {
      for (const plan of [plans.free, plans.pro_monthly, plans.team]) {
        for (const isAdmin of [true, false]) {
          const allowed = plan.limits[key] ?? 1;
          const { message } = limitMessage({ key, plan, allowed, used: allowed, adding: 1, now: new Date("2026-12-02T10:00:00Z"), isAdmin });
          const problem = describeApiError(402, { error: "plan_limit", message, limit: key });
          expect(isPlanLimitMessage(problem.message), message).toBe(true);
        }
      }
    }
    expect(isPlanLimitMessage("Name can't be blank")).toBe(false);
    expect(isPlanLimitMessage(null)).toBe(false);
  });
});
