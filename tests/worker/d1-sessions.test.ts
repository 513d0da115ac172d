import { describe, expect, it } from "vitest";
import { api, buildMember, buildWorkspace, json } from "../factories";

// D1 bookmarks as local D1 and D1 hand them out.
const BOOKMARK = /^[0-9a-f]+(?:-[0-9a-f]+)+$/;

async function signedInMember() {
  const { workspace } = await buildWorkspace();
  const member = await buildMember(workspace, "member");
  return { workspace, token: member.token };
}

describe("the D1 session bookmark (x-d1-bookmark)", () => {
  it("comes back with a write, and sending it back reads that write", async () => {
    const { workspace, token } = await signedInMember();
    const created = await api(`/w/${workspace.id}/articles`, { method: "POST", token, body: { article: { title: "Bookmarked" } } });
    expect(created.status).toBe(201);
    const bookmark = created.headers.get("x-d1-bookmark");
    expect(bookmark).toMatch(BOOKMARK);
    const { data } = await json(created);

    const listed = await api(`/w/${workspace.id}/articles`, { token, headers: { "x-d1-bookmark": bookmark! } });
    expect(listed.status).toBe(200);
    expect((await json(listed)).data.map((a: { id: number }) => a.id)).toContain(data.id);
    // The answer's bookmark is at least as new as the one sent: the client never goes back in time.
    const answered = listed.headers.get("x-d1-bookmark");
    expect(answered).toMatch(BOOKMARK);
    expect(answered! >= bookmark!).toBe(true);
  });

  it("ignores a malformed bookmark instead of failing the request", async () => {
    const { workspace, token } = await signedInMember();
    for (const bad of ["abc", "not a bookmark!", "0".repeat(300), "ff-".repeat(50) + "ff"]) {
      const response = await api(`/w/${workspace.id}/articles`, { token, headers: { "x-d1-bookmark": bad } });
      expect(response.status, bad).toBe(200);
      // Local D1 echoes any bookmark it is given; a fresh one shows this one never reached D1.
      const answered = response.headers.get("x-d1-bookmark");
      expect(answered, bad).toMatch(BOOKMARK);
      expect(answered, bad).not.toBe(bad);
    }
  });

  it("comes back on anonymous reads too", async () => {
    const response = await api("/health");
    expect(response.headers.get("x-d1-bookmark")).toMatch(BOOKMARK);
  });

  it("may be sent and read by a browser on another origin (CORS)", async () => {
    const preflight = await api("/health", {
      method: "OPTIONS",
      headers: { Origin: "https://elsewhere.test", "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "x-d1-bookmark" },
    });
    expect(preflight.headers.get("Access-Control-Allow-Headers")?.toLowerCase()).toContain("x-d1-bookmark");
    const read = await api("/health", { headers: { Origin: "https://elsewhere.test" } });
    expect(read.headers.get("Access-Control-Expose-Headers")?.toLowerCase()).toContain("x-d1-bookmark");
  });
});
