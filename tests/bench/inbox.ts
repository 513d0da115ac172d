/**
 * Bench scenario "inbox delivery latency": how long after someone acts does the person it concerns
 * see it, with the app open. The recipient is the demo workspace's seeded member (Maya, signed in
 * through the API); her inbox socket is opened as the browser opens it (`GET /v1/inbox/socket`
 * with the app's auth cookie, from a page of the same site, the app's `inboxSocketUrl`). The
 * demo user comments on a document shared with her and @mentions her: the real
 * `POST /v1/articles/:id/comments`, whose `notify` stores the item, pushes it through her
 * InboxHub and stores its email. One sample is the time from sending that request to the
 * `inbox.created` push arriving on her socket; events go one at a time (the next is sent once
 * both the push and the answer came), so each is a full trip through the Worker, D1 and the hub.
 */
import WebSocket from "ws";
import { inboxSocketUrl } from "../../app/lib/inbox-live";
import { apiBase } from "../../app/lib/client-env";
import type { InboxPush } from "../../core/contracts/inbox";
import { DEMO_PEOPLE } from "../../scripts/seed";
import { type BenchSession, devFetch, signIn } from "./session";
import { percentile } from "./stats";

/** Events sent before counting: the hub's first wake and the first comment's cold paths. */
const WARM_UP = 3;
/** A push that has not come by then is a failure, not a slow sample. */
const EVENT_TIMEOUT_MS = 15_000;


async function call<T>(base: string, session: BenchSession, method: string, path: string, body: unknown): Promise<T> {
  const response = await devFetch(`${base}/v1${path}`, {
    method,
    headers: { ...session.headers, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return ((await response.json()) as { data: T }).data;
}

type Created = InboxPush & { type: "inbox.created" };

/** The recipient's inbox socket, opened as app/lib/inbox-live.ts opens it in the browser. */
function openInboxSocket(base: string, recipient: BenchSession) {
  const socket = new WebSocket(inboxSocketUrl(apiBase(undefined, base)), {
    // What the browser sends on its own: the auth cookie and the page's origin (the same site).
    origin: base,
    headers: { Cookie: `${recipient.cookie.name}=${recipient.cookie.value}` },
  });
  let waiting: ((push: Created, at: number) => void) | null = null;
  let unexpected: string | null = null;
  socket.on("message", (data, isBinary) => {
    const at = performance.now();
    if (isBinary) return;
    const text = data.toString();
    if (text === "pong") return;
    const push = JSON.parse(text) as { type: string };
    if (push.type !== "inbox.created") return; // "hello", or a change made elsewhere
    if (waiting) waiting(push as Created, at);
    else unexpected = text;
  });
  // The app pings every 30 s so proxies keep the socket; the bench does as it does.
  const ping = setInterval(() => socket.readyState === WebSocket.OPEN && socket.send("ping"), 30_000);
  socket.on("close", () => clearInterval(ping));

  const opened = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the inbox socket did not open within 30 s")), 30_000);
    // The hub greets each socket it accepted: from then on a publish reaches it.
    socket.once("message", () => {
      clearTimeout(timer);
      resolve();
    });
    socket.once("unexpected-response", (_request, response) => {
      clearTimeout(timer);
      reject(new Error(`the inbox socket was refused: ${response.statusCode}`));
    });
    socket.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });

  /** The next `inbox.created` push, with when it arrived. */
  const next = () =>
    new Promise<{ push: Created; at: number }>((resolve, reject) => {
      if (unexpected) return reject(new Error(`a push came that no event asked for: ${unexpected}`));
      const timer = setTimeout(() => {
        waiting = null;
        reject(new Error(`no push within ${EVENT_TIMEOUT_MS / 1000} s`));
      }, EVENT_TIMEOUT_MS);
      waiting = (push, at) => {
        clearTimeout(timer);
        waiting = null;
        resolve({ push, at });
      };
    });

  return { opened, next, close: () => socket.close() };
}

export async function measureInboxDelivery(base: string, actor: BenchSession, events: number) {
  const recipient = await signIn(base, DEMO_PEOPLE.member);
  if (recipient.workspaceId !== actor.workspaceId) throw new Error(`${DEMO_PEOPLE.member.email} is not in the demo workspace`);
  const ws = actor.workspaceId;
  const article = await call<{ id: number }>(base, actor, "POST", `/w/${ws}/articles`, {
    article: { title: `Inbox bench ${Date.now().toString(36)}`, markdown: "The launch checklist." },
  });
  // Only people who may open the document can be mentioned in it.
  await call(base, actor, "POST", `/articles/${article.id}/accesses`, { email_accesses: [{ email: DEMO_PEOPLE.member.email, permission: "read" }] });

  const socket = openInboxSocket(base, recipient);
  const push: number[] = [];
  const answer: number[] = [];
  try {
    await socket.opened;
    for (let i = -WARM_UP; i < events; i++) {
      const arrived = socket.next();
      const started = performance.now();
      const comment = call<{ id: number }>(base, actor, "POST", `/articles/${article.id}/comments`, {
        body: `@${DEMO_PEOPLE.member.firstName} can you check item ${i + WARM_UP + 1}?`,
        mention_ids: [recipient.userId],
      }).then(() => performance.now());
      const [{ push: event, at }, answered] = await Promise.all([arrived, comment]);
      if (event.workspace_id !== ws || event.article_id !== article.id || event.item_type !== "Comment" || event.event !== "mentioned") {
        throw new Error(`event ${i + WARM_UP + 1} pushed something else: ${JSON.stringify(event)}`);
      }
      if (i < 0) continue;
      push.push(at - started);
      answer.push(answered - started);
    }
  } finally {
    socket.close();
  }
  push.sort((a, b) => a - b);
  answer.sort((a, b) => a - b);
  const figures = (sorted: number[]) => ({ p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1)! });
  return { events: push.length, warmUp: WARM_UP, push: figures(push), answer: figures(answer) };
}
