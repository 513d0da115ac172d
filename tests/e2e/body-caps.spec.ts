import http from "node:http";
import { AUTH_COOKIE_NAME, authStateFor, encodeAuthState } from "../../app/lib/auth-cookie";
import { expect, test } from "./fixtures";
import { auth, createOwner } from "./helpers";

// A body over its route's cap, sent as a browser's streamed upload sends it (chunked, no
// Content-Length) or with its length, must get its 413 in words and leave every other request
// alone. Node's http client, not Playwright's, so the body really goes out chunked and a
// connection the server tears down shows as the reset it is.

const MB = 1024 * 1024;
const base = () => new URL(process.env.E2E_BASE_URL!);

interface Answer {
  status: number;
  text: string;
}

/** One request on `agent`'s connection: the answer, or the socket error ("ECONNRESET") instead. */
function send(agent: http.Agent, method: string, path: string, headers: Record<string, string>, parts: Buffer[], chunked = false): Promise<Answer | string> {
  const length = parts.reduce((sum, part) => sum + part.byteLength, 0);
  return new Promise((resolve) => {
    const request = http.request(
      { host: base().hostname, port: base().port, method, path, agent, headers: chunked ? headers : { ...headers, "Content-Length": String(length) } },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, text }));
        response.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      },
    );
    request.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    let next = 0;
    const write = () => {
      while (next < parts.length) if (!request.write(parts[next++])) return void request.once("drain", write);
      request.end();
    };
    write();
  });
}

/** `size` bytes as 1 MB pieces of one buffer (the last one shorter), after `head` and before `tail`. */
function body(size: number, head = "", tail = ""): Buffer[] {
  const filler = Buffer.alloc(MB, "a");
  const parts = [Buffer.from(head)];
  for (let left = Math.round(size); left > 0; left -= MB) parts.push(left >= MB ? filler : filler.subarray(0, left));
  return [...parts, Buffer.from(tail)];
}

const multipart = (size: number) =>
  body(size, '--cap\r\nContent-Disposition: form-data; name="files"; filename="big.md"\r\nContent-Type: text/markdown\r\n\r\n', "\r\n--cap--\r\n");

/** What an answer said, in one line: its status and the message a person would read. */
function said(answer: Answer | string): string {
  if (typeof answer === "string") return answer;
  if (answer.text.startsWith("{")) return `${answer.status} ${(JSON.parse(answer.text) as { message?: string }).message}`;
  const page = /over the [^<]*?(?:a form may send|limit)/.exec(answer.text.replace(/&#x27;|’/g, "'"));
  return `${answer.status} ${page?.[0] ?? answer.text.slice(0, 80)}`;
}

test("a body over its route's cap, chunked or with a length, gets its 413 in words while every write beside it gets its own answer", async ({ request }) => {
  const { owner, workspace } = await createOwner(request, "Caps");
  const headers = { ...auth(owner, workspace.id), "Content-Type": "application/json" };
  const documents: { id: number }[] = [];
  for (const title of ["One", "Two", "Three", "Four"]) {
    const created = await request.post(`/v1/w/${workspace.id}/articles`, { headers, data: { article: { title, markdown: "Neighbour." } } });
    expect(created.status(), await created.text()).toBe(201);
    documents.push((await created.json()).data);
  }
  const link = await request.post("/v1/files/upload_url", { headers, data: { filename: "ten.txt", content_type: "text/plain", size: 10, workspace_id: workspace.id } });
  expect(link.status(), await link.text()).toBe(201);
  const upload = (await link.json()).data as { id: number; upload_url: string };
  const cookie = `${AUTH_COOKIE_NAME}=${encodeAuthState(authStateFor(owner.authorization, workspace.id))}`;
  const page = { Cookie: cookie, Origin: base().origin };

  // Each capped path: the API's default cap and a route's own, the streamed import, an upload
  // longer than it announced, a page form, and the import page that streams on to the API.
  const overCap = [
    { name: "POST folders", method: "POST", path: `/v1/w/${workspace.id}/folders`, headers, parts: body(1.2 * MB, '{"folder":{"name":"Huge","description":"', '"}}'), says: "413 The request body is over the 1 MB limit for this request" },
    { name: "POST articles", method: "POST", path: `/v1/w/${workspace.id}/articles`, headers, parts: body(2.6 * MB, '{"article":{"title":"Huge","markdown":"', '"}}'), says: "413 The request body is over the 2 MB limit for this request" },
    { name: "POST imports", method: "POST", path: `/v1/w/${workspace.id}/imports`, headers: { ...auth(owner, workspace.id), "Content-Type": "multipart/form-data; boundary=cap" }, parts: multipart(51 * MB), says: "413 Your file is over the 50 MB limit" },
    { name: "PUT file content", method: "PUT", path: upload.upload_url, headers: { "Content-Type": "text/plain" }, parts: body(2 * MB), says: "413 The file is larger than the 10 bytes announced for it", chunkedSays: "411 Send the file with a Content-Length header" },
    { name: "POST sign-in form", method: "POST", path: "/login_or_signup", headers: { ...page, "Content-Type": "application/x-www-form-urlencoded" }, parts: body(2.5 * MB, "intent=login&email=a%40b.example&password="), says: "413 over the 2 MB a form may send" },
    { name: "POST import page", method: "POST", path: `/workspaces/${workspace.id}/import?index`, headers: { ...page, "Content-Type": "multipart/form-data; boundary=cap" }, parts: multipart(51 * MB), says: "413 over the 50 MB limit" },
  ];

  // Ordinary writes from four other clients, each on its own kept-alive connection, for as long as the over-cap bodies go.
  let sending = true;
  const neighbourAnswers: string[] = [];
  const neighbours = documents.map(async (document, client) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (let n = 0; sending; n++) {
      const title = `Client ${client} write ${n}`;
      const answer = await send(agent, "PUT", `/v1/articles/${document.id}`, headers, [Buffer.from(JSON.stringify({ article: { title } }))]);
      const own = typeof answer !== "string" && answer.status === 200 && (JSON.parse(answer.text) as { data: { id: number; title: string } }).data;
      neighbourAnswers.push(own && own.id === document.id && own.title === title ? "its own answer" : `PUT /v1/articles/${document.id}: ${said(answer)}`);
    }
    agent.destroy();
  });

  // One client sends every over-cap body in turn on one kept-alive connection, so each also
  // shows that the connection the last refusal came back on still carries the next request.
  const capped = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const answers: string[] = [];
  const expected: string[] = [];
  for (const chunked of [true, false]) {
    for (const sent of overCap) {
      const how = `${sent.name} ${chunked ? "chunked" : "with its length"}`;
      expected.push(`${how}: ${(chunked && sent.chunkedSays) || sent.says}`);
      answers.push(`${how}: ${said(await send(capped, sent.method, sent.path, sent.headers, sent.parts, chunked))}`);
    }
  }
  sending = false;
  await Promise.all(neighbours);
  capped.destroy();

  expect.soft(answers).toEqual(expected);
  expect(neighbourAnswers.length).toBeGreaterThan(documents.length);
  expect.soft(neighbourAnswers.filter((answer) => answer !== "its own answer")).toEqual([]);

  // Nothing was written for a refused body: no document, folder or import, the upload still waiting.
  const listed = await (await request.get(`/v1/w/${workspace.id}/articles`, { headers })).json();
  expect((listed.data as { title: string }[]).map((article) => article.title).filter((title) => title === "Huge")).toEqual([]);
  const folders = await (await request.get(`/v1/w/${workspace.id}/folders`, { headers })).json();
  expect(JSON.stringify(folders.data)).not.toContain("Huge");
  expect((await (await request.get(`/v1/w/${workspace.id}/imports`, { headers })).json()).data).toEqual([]);
  expect((await (await request.get(`/v1/files/${upload.id}`, { headers })).json()).data.status).toBe("pending");
});
