import { describe, expect, it } from "vitest";
import { generalChange, generalGrant, generalLevel, GENERAL_CHOICES } from "./generalAccess";
import type { AccessGrant } from "./types";

const grant = (id: number, target_type: AccessGrant["target_type"], permission: AccessGrant["permission"]) =>
  ({ id, target_type, permission }) as AccessGrant;

describe("general access", () => {
  it("finds the workspace and link grants among the others", () => {
    const grants = [grant(1, "User", "edit"), grant(2, "EveryoneAtWorkspace", "comment")];
    expect(generalGrant(grants, "EveryoneAtWorkspace")?.id).toBe(2);
    expect(generalGrant(grants, "UnauthUser")).toBeNull();
    expect(generalLevel(null)).toBe("none");
    expect(generalLevel(grant(3, "EveryoneAtWorkspace", "owner"))).toBe("edit");
  });

  it("never offers more than comment to anyone with the link", () => {
    expect(GENERAL_CHOICES.UnauthUser).not.toContain("edit");
    expect(GENERAL_CHOICES.EveryoneAtWorkspace).toContain("edit");
  });

  it("adds a grant where there was none", () => {
    expect(generalChange(9, "UnauthUser", null, "read")).toEqual({
      method: "POST",
      path: "/articles/9/accesses",
      body: { member_accesses: [{ target_type: "UnauthUser", permission: "read" }] },
    });
  });

  it("changes the level of the existing grant, or removes it for none", () => {
    const existing = grant(4, "EveryoneAtWorkspace", "read");
    expect(generalChange(9, "EveryoneAtWorkspace", existing, "edit")).toEqual({ method: "PUT", path: "/accesses/4", body: { permission: "edit" } });
    expect(generalChange(9, "EveryoneAtWorkspace", existing, "none")).toEqual({ method: "DELETE", path: "/accesses/4" });
  });

  it("does nothing when the level stays the same", () => {
    expect(generalChange(9, "EveryoneAtWorkspace", grant(4, "EveryoneAtWorkspace", "read"), "read")).toBeNull();
    expect(generalChange(9, "UnauthUser", null, "none")).toBeNull();
  });
});
