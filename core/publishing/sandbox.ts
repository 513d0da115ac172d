/**
 * The Sandbox network's fault tags, read by the Sandbox provider and listed on the Sandbox
 * page: one list, so what the page promises is what the network does. A post containing
 * `#sandbox-500` fails that way the first time the network sees it; `#sandbox-500x3` the first
 * three times, then it goes through (so the backoff doubling and the attempt cap can be watched:
 * `x9` outlasts the five attempts). `#sandbox-slow` makes the network take 20 s to answer, the
 * post already on its timeline meanwhile (so an edit or a cancel can arrive during a send).
 */

export const SANDBOX_FAULTS = ["400", "429", "500", "timeout", "reauth"] as const;
export type SandboxFault = (typeof SANDBOX_FAULTS)[number];

/** How long `#sandbox-slow` keeps the sender waiting for its answer. */
export const SANDBOX_SLOW_MS = 20_000;
/** The most failures one tag asks for: more than any retry policy would try. */
const MAX_TIMES = 99;

export const SANDBOX_TAGS: { tag: string; effect: string }[] = [
  { tag: "#sandbox-429", effect: "429 Too Many Requests (Retry-After 2 s); retried with backoff" },
  { tag: "#sandbox-500", effect: "500 Internal Server Error; retried with backoff" },
  { tag: "#sandbox-timeout", effect: "published, but the answer is lost; the next attempt finds it with verify" },
  { tag: "#sandbox-reauth", effect: "the account's access is revoked; it needs reconnecting" },
  { tag: "#sandbox-400", effect: "400 Bad Request; fails at once with the network's words" },
  { tag: "#sandbox-500x3", effect: "any of the above with a count: fails that many times, then goes through (x9 outlasts the 5 attempts)" },
  { tag: "#sandbox-slow", effect: `the Sandbox takes ${SANDBOX_SLOW_MS / 1000} s to answer; the post is on the timeline meanwhile` },
];

/** The fault a text asks for and how many times, or null. */
export function sandboxFaultIn(text: string): { fault: SandboxFault; times: number } | null {
  for (const fault of SANDBOX_FAULTS) {
    const match = new RegExp(`#sandbox-${fault}(?:x(\\d{1,3}))?(?![\\w-])`, "i").exec(text);
    if (match) return { fault, times: Math.min(MAX_TIMES, Math.max(1, Number(match[1] ?? 1))) };
  }
  return null;
}

export const sandboxSlow = (text: string) => /#sandbox-slow(?![\w-])/i.test(text);
