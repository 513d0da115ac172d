/**
 * Reads from `reader` up to `maxBytes`: the chunks and their size, or null as soon as they pass
 * the cap, having stopped pulling. The reader stays the caller's, to cancel or release.
 */
export async function readUpTo(reader: ReadableStreamDefaultReader<Uint8Array>, maxBytes: number): Promise<{ chunks: Uint8Array[]; size: number } | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { chunks, size };
    size += value.byteLength;
    if (size > maxBytes) return null;
    chunks.push(value);
  }
}

/**
 * A fetched response's body up to `maxBytes`, or null once it passes the cap, the rest cancelled
 * (safe fetch). A request's body is read with lib/refused-body instead, which never cancels it.
 */
export async function readCapped(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const read = await readUpTo(reader, maxBytes);
  if (!read) {
    await reader.cancel().catch(() => undefined);
    return null;
  }
  return concatBytes(read.chunks, read.size);
}

/** `chunks` joined into one array of `size` bytes (their total). */
export function concatBytes(chunks: Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
