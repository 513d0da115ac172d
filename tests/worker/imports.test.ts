import { exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { zipSync, strToU8 } from "fflate";
import { describe, expect, it } from "vitest";
import { articles, folders } from "../../worker/db/schema";
import { buildFolder, buildMember, buildWorkspace, db, grant, json, tokenFor } from "../factories";

function upload(workspaceId: number, token: string, files: { name: string; content: string | Uint8Array; type?: string }[], folderId?: number) {
  const form = new FormData();
  for (const file of files) form.append("files", new File([file.content as BlobPart], file.name, { type: file.type ?? "text/plain" }));
  if (folderId) form.append("folder_id", String(folderId));
  return exports.default.fetch(`https://app.test/v1/w/${workspaceId}/imports`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
}

/** Polls the job until it stops running. */
async function finished(key: string, token: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const response = await exports.default.fetch(`https://app.test/v1/imports/${key}`, { headers: { Authorization: `Bearer ${token}` } });
    const { data } = await json(response);
    if (!["pending", "started", "processing"].includes(data.status)) return data;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("import never finished");
}

describe("imports", () => {
  it("turns markdown and HTML files into documents in the chosen folder, titled by their first heading", async () => {
    const { workspace, owner } = await buildWorkspace();
    const token = await tokenFor(owner);
    const folder = await buildFolder(workspace, owner);
    const response = await upload(
      workspace.id,
      token,
      [
        { name: "plan.md", content: "# Launch plan\n\n- one\n- two" },
        { name: "page.html", content: "<html><head><title>Web page</title><script>alert(1)</script></head><body><h2>Hi</h2><p>Text</p></body></html>", type: "text/html" },
      ],
      folder.id,
    );
    expect(response.status).toBe(202);
    const job = await finished((await json(response)).data.key, token);
    expect(job.status).toBe("successful");
    expect(job.progress).toBe(1);
    const created = await db.select().from(articles).where(eq(articles.folderId, folder.id));
    expect(created.map((article) => article.title).sort()).toEqual(["Launch plan", "Web page"]);
    expect(created.find((article) => article.title === "Web page")!.bodyText).not.toContain("alert");
  });

  it("reports a bad file by name and imports the rest", async () => {
    const { workspace, owner } = await buildWorkspace();
    const token = await tokenFor(owner);
    const response = await upload(workspace.id, token, [
      { name: "good.md", content: "Fine" },
      { name: "photo.png", content: new Uint8Array([137, 80, 78, 71]), type: "image/png" },
      { name: "binary.md", content: new Uint8Array([0xff, 0xfe, 0xfd]) },
    ]);
    const job = await finished((await json(response)).data.key, token);
    expect(job.status).toBe("successful");
    const byName = Object.fromEntries(job.results.map((result: { name: string }) => [result.name, result]));
    expect(byName["good.md"].article_id).toBeTypeOf("number");
    expect(byName["photo.png"].error).toMatch(/Unsupported file type/);
    expect(byName["binary.md"].error).toMatch(/UTF-8/);
  });

  it("rebuilds a zip's folders under the target", async () => {
    const { workspace, owner } = await buildWorkspace();
    const token = await tokenFor(owner);
    const zip = zipSync({ "guides/intro.md": strToU8("# Intro\n\nHello"), "guides/deep/more.md": strToU8("More"), "__MACOSX/._x": strToU8("junk") });
    const response = await upload(workspace.id, token, [{ name: "handbook.zip", content: zip, type: "application/zip" }]);
    const job = await finished((await json(response)).data.key, token);
    expect(job.results).toHaveLength(2);
    const made = await db.select().from(folders).where(eq(folders.workspaceId, workspace.id));
    expect(made.map((folder) => folder.name).sort()).toEqual(["deep", "guides", "handbook"]);
  });

  it("refuses an upload over 50 MB with 413 and the spec's message", async () => {
    const { workspace, owner } = await buildWorkspace();
    const response = await exports.default.fetch(`https://app.test/v1/w/${workspace.id}/imports`, {
      method: "POST",
      headers: { Authorization: `Bearer ${await tokenFor(owner)}`, "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(51 * 1024 * 1024) },
      body: "--x--",
    });
    expect(response.status).toBe(413);
    expect((await json(response)).message).toBe("Your file is over the 50 MB limit");
  });

  it("needs files, and a folder the importer may edit", async () => {
    const { workspace, owner } = await buildWorkspace();
    const member = await buildMember(workspace);
    expect((await upload(workspace.id, member.token, [])).status).toBe(400);
    const readOnly = await buildFolder(workspace, owner);
    await grant({ folder: readOnly }, "User", "read", { userId: member.user.id });
    expect((await upload(workspace.id, member.token, [{ name: "a.md", content: "x" }], readOnly.id)).status).toBe(403);
  });

  it("keeps a job to the person who started it; guests may not import", async () => {
    const { workspace, owner } = await buildWorkspace();
    const token = await tokenFor(owner);
    const { data } = await json(await upload(workspace.id, token, [{ name: "a.md", content: "x" }]));
    await finished(data.key, token);
    const colleague = await buildMember(workspace);
    const peek = await exports.default.fetch(`https://app.test/v1/imports/${data.key}`, { headers: { Authorization: `Bearer ${colleague.token}` } });
    expect(peek.status).toBe(404);
    const guest = await buildMember(workspace, "guest");
    expect((await upload(workspace.id, guest.token, [{ name: "a.md", content: "x" }])).status).toBe(403);
  });
});
