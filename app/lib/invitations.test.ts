import { describe, expect, it } from "vitest";
import { readInvitation } from "./invitations.server";

describe("reading an invitation preview", () => {
  it("reads the nested shape", () => {
    expect(
      readInvitation({
        email: "new@example.com",
        role: "member",
        message: "Welcome aboard",
        workspace: { id: 4, name: "Acme" },
        inviter: { name: "Dana Demo" },
        user: { has_password: false },
      }),
    ).toEqual({
      email: "new@example.com",
      workspaceId: 4,
      workspaceName: "Acme",
      inviterName: "Dana Demo",
      role: "member",
      message: "Welcome aboard",
      hasPassword: false,
    });
  });

  it("reads flat field names too, and knows an existing account", () => {
    expect(
      readInvitation({ user: { email: "old@example.com" }, workspace_id: 2, workspace_name: "Beta", has_password: true }),
    ).toMatchObject({ email: "old@example.com", workspaceId: 2, workspaceName: "Beta", inviterName: null, hasPassword: true });
  });

  it("refuses an answer without an email", () => {
    expect(readInvitation({ workspace: { name: "Acme" } })).toBeNull();
    expect(readInvitation(null)).toBeNull();
  });
});
