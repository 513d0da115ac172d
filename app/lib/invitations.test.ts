import { describe, expect, it } from "vitest";
import { readInvitation, type InvitationAnswer } from "./invitations.server";

const answer = (overrides: Partial<InvitationAnswer> = {}): InvitationAnswer => ({
  email: "new@example.com",
  role: "member",
  status: "invited",
  message: "Welcome aboard",
  expires_at: "2026-05-01T00:00:00.000Z",
  has_password: false,
  workspace: { id: 4, key: "acme", name: "Acme", logo_url: null },
  inviter: { id: 1, name: "Dana Demo" },
  user: { email: "new@example.com", first_name: "", last_name: "", has_password: false },
  ...overrides,
});

describe("reading an invitation preview", () => {
  it("reads what GET /v1/invitations/:token answers", () => {
    expect(readInvitation(answer())).toEqual({
      email: "new@example.com",
      workspaceId: 4,
      workspaceName: "Acme",
      inviterName: "Dana Demo",
      role: "member",
      message: "Welcome aboard",
      hasPassword: false,
    });
  });

  it("knows an existing account, and an invitation nobody in particular sent (SCIM)", () => {
    expect(readInvitation(answer({ has_password: true, inviter: null, message: null, role: "admin" }))).toMatchObject({
      hasPassword: true,
      inviterName: null,
      message: null,
      role: "admin",
    });
  });
});
