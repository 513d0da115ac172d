import { describe, expect, it } from "vitest";
import readme from "../../README.md?raw";
import { createWorkspaceKey } from "../../worker/services/api-keys/keys";
import { api, buildWorkspace, db, json, tokenFor } from "../factories";

// The README's curl example, run as written: its two calls, their bodies and headers, read from
// the README itself, with a workspace key holding the scopes the README names.

interface Call {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** The curl calls in the README's Public API example. */
function readmeCalls(): Call[] {
  const section = readme.slice(readme.indexOf("## Public API"), readme.indexOf("\n## ", readme.indexOf("## Public API") + 1));
  const script = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  if (!script) throw new Error("The README's Public API section has no sh example");
  const commands = script.replace(/\\\n\s*/g, " ").split("\n").filter((line) => line.includes("curl "));
  return commands.map((command) => ({
    url: /curl -sf "([^"]+)"/.exec(command)![1]!,
    headers: Object.fromEntries([...command.matchAll(/-H "([^:]+): ([^"]+)"/g)].map((match) => [match[1]!, match[2]!])),
    body: /-d '(.*)'/.exec(command)![1]!,
  }));
}

describe("the README's example", () => {
  it("creates a document and schedules a post on a Sandbox account, with a write and publish key", async () => {
    const { workspace, owner } = await buildWorkspace();
    const account = await json(await api(`/w/${workspace.id}/social_accounts`, { method: "POST", token: await tokenFor(owner), body: { network: "sandbox", display_name: "Fernhill Sandbox" } }));
    const { token } = await createWorkspaceKey(db, workspace.id, owner, { name: "README", scopes: ["write", "publish"] });
    const shell: Record<string, string> = { BRANDWORK: "https://app.test", KEY: token, WS: String(workspace.id), ACCOUNT: String(account.data.id) };
    const expand = (text: string) => text.replace(/'"\$(\w+)"'/g, (_, name: string) => shell[name]!).replace(/\$(\w+)/g, (_, name: string) => shell[name] ?? `$${name}`);

    const calls = readmeCalls();
    expect(calls.map((call) => call.url)).toEqual(["$BRANDWORK/v1/w/$WS/articles", "$BRANDWORK/v1/w/$WS/posts"]);
    const answers = [];
    for (const call of calls) {
      const headers = Object.fromEntries(Object.entries(call.headers).map(([name, value]) => [name, expand(value)]));
      const response = await api(expand(call.url).replace("https://app.test/v1", ""), { method: "POST", headers, body: expand(call.body) });
      const text = await response.text();
      expect(response.status, `${call.url}: ${text}`).toBe(201);
      answers.push(JSON.parse(text).data);
    }

    const [document, post] = answers;
    expect(document).toMatchObject({ title: "Spring menu launch", workspace_id: workspace.id });
    expect(post).toMatchObject({ text: "Our spring menu is out: seasonal greens, new desserts.", state: "scheduled", targets: [{ account_id: account.data.id }] });
    expect(Date.parse(post.publish_at)).toBe(Date.parse("2030-03-28T09:00:00Z"));
    // The owner finds both in the workspace, as anyone there would.
    const owners = await tokenFor(owner);
    expect((await api(`/articles/${document.id}`, { token: owners })).status).toBe(200);
    expect((await api(`/posts/${post.id}`, { token: owners })).status).toBe(200);
  });
});
