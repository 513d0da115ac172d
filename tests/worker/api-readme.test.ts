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
  /** The shell variable the call's answer sets (`ARTICLE=$(curl … | jq .data.id)`). */
  sets: string | null;
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
    sets: /^(\w+)=\$\(curl/.exec(command.trim())?.[1] ?? null,
  }));
}

describe("the README's example", () => {
  it("creates a document and schedules a post about it on a Sandbox account, with a write and publish key", async () => {
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
      const answer = JSON.parse(text);
      if (call.sets) shell[call.sets] = String(answer.data.id);
      answers.push(answer.data);
    }

    const [document, post] = answers;
    expect(document).toMatchObject({ title: "Spring menu launch" });
    expect(post).toMatchObject({ article_id: document.id, publish_at: "2030-03-28T09:00:00.000Z", state: "scheduled", targets: [{ account_id: account.data.id }] });
    const read = await json(await api(`/posts/${post.id}`, { token }));
    expect(read.data.text).toBe("Our spring menu is out: seasonal greens, new desserts.");
  });
});
