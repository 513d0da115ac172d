import { concatBytes, readUpTo } from "./capped-read";

/**
 * Refusing a request body. A cap may answer before the body is read whole (a Content-Length
 * over it, or the bytes passing it), and so may any early answer (401, 404, 411). An answer sent
 * while the rest of the body is unread leaves a connection that cannot carry the next request:
 * the server tears it down under whatever shares it (wrangler dev's proxy pools its connections
 * to workerd, so innocent requests got 503 "Your worker restarted mid-request"). So the caps here
 * never cancel the body, only stop reading it, and the Worker's fetch handler calls
 * `discardUnreadBody` before it answers, as nginx's lingering close does, within DISCARD_LIMITS.
 */

const MB = 1024 * 1024;

/**
 * How much of an unread body is read and thrown away before answering: at most the platform's
 * own request limit (100 MB on the Free and Pro plans, where Cloudflare refuses a larger body
 * before the Worker runs), and for at most 10 s, so a client trickling bytes cannot hold its
 * request open. Past either the answer goes out anyway and the connection closes (a
 * Content-Length over the ceiling is not read at all).
 */
export const DISCARD_LIMITS = { bytes: 100 * MB, ms: 10_000 };

/** A body's bytes, or null once they pass `maxBytes`; the rest stays unread for `discardUnreadBody`. */
export async function readBodyWithin(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  try {
    const chunks = await readUpTo(reader, maxBytes);
    return chunks && concatBytes(chunks.chunks, chunks.size);
  } finally {
    reader.releaseLock();
  }
}

/**
 * A body as a stream that errors with `refusal()` once it passes `maxBytes`, for a route that
 * reads while it parses (the streamed import). What follows the cap stays unread for
 * `discardUnreadBody`, and so does the rest if the reader stops early.
 */
export function bodyStreamWithin(body: ReadableStream<Uint8Array>, maxBytes: number, refusal: () => Error): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  const release = () => {
    try {
      reader.releaseLock();
    } catch {
      // a read still pending: it ends with the body, which is discarded after the answer
    }
  };
  let read = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        release();
        return controller.close();
      }
      read += value.byteLength;
      if (read > maxBytes) {
        release();
        return controller.error(refusal());
      }
      controller.enqueue(value);
    },
    cancel: release,
  });
}

/**
 * Reads and throws away what is left of the request's body, within DISCARD_LIMITS. Nothing to
 * do for a body read whole, or one a route is still reading (a stream to R2 holds its lock).
 */
export async function discardUnreadBody(request: Request, limits = DISCARD_LIMITS): Promise<void> {
  const body = request.body;
  if (!body || body.locked) return;
  const reader = body.getReader();
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeUp = new Promise<"time up">((resolve) => (timer = setTimeout(() => resolve("time up"), limits.ms)));
  try {
    if (declared <= limits.bytes) {
      let discarded = 0;
      for (;;) {
        const next = await Promise.race([reader.read(), timeUp]);
        if (next === "time up") break;
        if (next.done) return;
        discarded += next.value.byteLength;
        if (discarded > limits.bytes) break;
      }
    }
    await reader.cancel();
  } catch {
    // The client went away mid-body: nothing left to keep clean.
  } finally {
    clearTimeout(timer);
  }
}
