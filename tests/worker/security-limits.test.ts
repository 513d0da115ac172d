import { exports } from "cloudflare:workers";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { buildWorkspace, json, tokenFor } from "../factories";

const MB = 1024 * 1024;

function importFiles(workspaceId: number, token: string, files: { name: string; content: Uint8Array }[]) {
  const form = new FormData();
  for (const file of files) form.append("files", new File([file.content as BlobPart], file.name));
  return exports.default.fetch(`https://app.test/v1/w/${workspaceId}/imports`, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form });
}

/** Polls the job until it stops running. */
async function finished(key: string, token: string) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const { data } = await json(await exports.default.fetch(`https://app.test/v1/imports/${key}`, { headers: { Authorization: `Bearer ${token}` } }));
    if (!["pending", "started", "processing"].includes(data.status)) return data;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("import never finished");
}

async function importer() {
  const { workspace, owner } = await buildWorkspace();
  return { workspace, token: await tokenFor(owner) };
}

describe("import limits", () => {
  it("fails a zip bomb's job with the reason instead of inflating it", async () => {
    const { workspace, token } = await importer();
    // 4 MB of one letter (under the per-file cap, so it must be inflated to be judged)
    // deflates to about 4 KB: far past the 1:100 ratio.
    const bomb = zipSync({ "notes/huge.md": new Uint8Array(4 * MB).fill(97) }, { level: 9 });
    expect(bomb.byteLength).toBeLessThan(MB);
    const response = await importFiles(workspace.id, token, [{ name: "bomb.zip", content: bomb }]);
    expect(response.status).toBe(202);
    const job = await finished((await json(response)).data.key, token);
    expect(job.status).toBe("failed");
    expect(job.results).toEqual([expect.objectContaining({ name: "bomb.zip", error: expect.stringMatching(/expands more than 100 times/) })]);
  });

  it("refuses an archive with more entries than an import takes", async () => {
    const { workspace, token } = await importer();
    const entries = Object.fromEntries(Array.from({ length: 501 }, (_, index) => [`doc-${index}.md`, strToU8(`# Doc ${index}`)]));
    const response = await importFiles(workspace.id, token, [{ name: "many.zip", content: zipSync(entries) }]);
    const job = await finished((await json(response)).data.key, token);
    expect(job.status).toBe("failed");
    expect(job.results).toEqual([expect.objectContaining({ name: "many.zip", error: expect.stringMatching(/more than 500 files/) })]);
  });

  it("skips an entry over 5 MB by name and imports the rest of the archive", async () => {
    const { workspace, token } = await importer();
    const big = new Uint8Array(6 * MB).fill(98);
    const response = await importFiles(workspace.id, token, [{ name: "kit.zip", content: zipSync({ "big.md": big, "small.md": strToU8("# Small") }, { level: 0 }) }]);
    const job = await finished((await json(response)).data.key, token);
    expect(job.status).toBe("successful");
    const byName = Object.fromEntries(job.results.map((result: { name: string }) => [result.name, result]));
    expect(byName["kit/big.md"].error).toMatch(/at most 5 MB/);
    expect(byName["kit/small.md"].article_id).toBeTypeOf("number");
  });

  it("stops reading a body without Content-Length once it passes 50 MB, with 413", async () => {
    const { workspace, token } = await importer();
    const head = strToU8('--x\r\nContent-Disposition: form-data; name="files"; filename="a.md"\r\nContent-Type: text/markdown\r\n\r\n');
    const chunk = new Uint8Array(MB).fill(97);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(head),
      pull(controller) {
        // The stream never ends by itself: only a server that stops reading lets this request finish.
        sent += chunk.byteLength;
        controller.enqueue(chunk);
        if (sent > 200 * MB) controller.close();
      },
    });
    const response = await exports.default.fetch(`https://app.test/v1/w/${workspace.id}/imports`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "multipart/form-data; boundary=x" },
      body,
    });
    expect(response.status).toBe(413);
    expect((await json(response)).message).toBe("Your file is over the 50 MB limit");
    expect(sent).toBeLessThan(60 * MB);
  });
});
