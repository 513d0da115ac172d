import { createParser, type EventSourceMessage } from "eventsource-parser";

/** The `data` of each server-sent event in a byte stream, in order. */
export async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const pending: string[] = [];
  const parser = createParser({ onEvent: (event: EventSourceMessage) => void pending.push(event.data) });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      while (pending.length > 0) yield pending.shift()!;
    }
    parser.feed(decoder.decode());
    while (pending.length > 0) yield pending.shift()!;
  } finally {
    reader.releaseLock();
  }
}
