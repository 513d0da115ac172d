/**
 * Bench scenarios for the editor: markdown to document and back for a 1 MB file (MB/s,
 * beside the raw parser alone), and opening a 5,000-block document in Chromium (ms from
 * navigation until every block is in the live editor).
 */
import { performance } from "node:perf_hooks";
import { chromium } from "@playwright/test";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import { documentToMarkdown, markdownToDocument } from "../../core/document/markdown";
import { DEMO } from "../../scripts/seed";

const MB = 1024 * 1024;

/** About `bytes` of varied markdown: headings, marked-up paragraphs, nested lists, tables, code. */
export function sampleMarkdown(bytes: number): string {
  const sections: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const section = `## Section ${i}: the spring campaign

Our **new** range lands in *April*, with [the brief](https://example.com/brief/${i}) and \`code ${i}\` for the team.
It reaches ~~10,000~~ 12,000 readers across email, social and search.

- Write the launch post
  - with the product team
  - and with legal
- [x] Book the studio
- [ ] Send the invites

1. Draft
2. Review
3. Publish

> A quote from a happy customer, number ${i}.

| Channel | Budget | Owner |
| ------- | ------ | ----- |
| Email   | ${i}   | Ada   |
| Social  | ${i * 2} | Bo  |

\`\`\`ts
const launch = ${i};
\`\`\`

`;
    sections.push(section);
    size += section.length;
  }
  return sections.join("");
}

function timed<T>(run: () => T, repeat: number): { ms: number; result: T } {
  let result = run();
  const start = performance.now();
  for (let i = 0; i < repeat; i++) result = run();
  return { ms: (performance.now() - start) / repeat, result };
}

export function measureMarkdown(repeat = 3) {
  const markdown = sampleMarkdown(MB);
  const megabytes = Buffer.byteLength(markdown) / MB;
  const parse = timed(() => fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }), repeat);
  const toDocument = timed(() => markdownToDocument(markdown), repeat);
  const back = timed(() => documentToMarkdown(toDocument.result.document), repeat);
  return {
    megabytes,
    blocks: toDocument.result.document.root.children.length,
    rows: [
      { step: "raw parser alone (micromark + mdast, GFM)", ms: parse.ms, mbPerS: megabytes / (parse.ms / 1000) },
      { step: "markdown → document", ms: toDocument.ms, mbPerS: megabytes / (toDocument.ms / 1000) },
      { step: "document → markdown", ms: back.ms, mbPerS: megabytes / (back.ms / 1000) },
      {
        step: "round trip",
        ms: toDocument.ms + back.ms,
        mbPerS: megabytes / ((toDocument.ms + back.ms) / 1000),
      },
    ],
  };
}

export const OPEN_BENCH_BLOCKS = 5_000;

/**
 * Signs the demo user in, creates a document of 5,000 paragraphs through /v1, then opens it
 * in Chromium twice: the first open seeds the document's room, the second reads the room's
 * stored state. Each time is navigation start to the 5,000th block in the editor.
 */
export async function measureDocumentOpen(base: string) {
  const signIn = await fetch(`${base}/v1/users/sign_in`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ user: { email: DEMO.email, password: DEMO.password } }),
  });
  if (!signIn.ok) throw new Error(`sign in failed: ${signIn.status} ${await signIn.text()}`);
  const authorization = signIn.headers.get("authorization")!;
  const workspaces = (await (await fetch(`${base}/v1/w`, { headers: { Authorization: authorization } })).json()) as { data: { id: number }[] };
  const workspaceId = workspaces.data[0]!.id;
  const markdown = Array.from({ length: OPEN_BENCH_BLOCKS }, (_, i) => `Paragraph ${i + 1} of the long document, with **some** words.`).join("\n\n");
  const created = await fetch(`${base}/v1/w/${workspaceId}/articles`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: authorization, "X-Workspace-Id": String(workspaceId) },
    body: JSON.stringify({ article: { title: "Five thousand blocks", markdown } }),
  });
  if (created.status !== 201) throw new Error(`create failed: ${created.status} ${await created.text()}`);
  const { data: article } = (await created.json()) as { data: { slug: string } };

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/login_or_signup?step=sign_in`);
    await page.getByLabel("Email").fill(DEMO.email);
    await page.getByLabel("Password", { exact: true }).fill(DEMO.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login_or_signup"), { timeout: 30_000 });

    const openOnce = async () => {
      const start = performance.now();
      await page.goto(`${base}/docs/${article.slug}`);
      await page.locator(`.editor__content > :nth-child(${OPEN_BENCH_BLOCKS})`).waitFor({ state: "attached", timeout: 120_000 });
      return performance.now() - start;
    };
    const first = await openOnce();
    const second = await openOnce();
    return { first, second };
  } finally {
    await browser.close();
  }
}
