import { unzlibSync, zlibSync, type DeflateOptions } from "fflate";

/**
 * `pako` as the Worker sees it (wrangler.toml `[alias]`): the two calls pdf-lib and its PNG
 * package make (zlib-wrapped deflate for PDF streams, inflate), through fflate, which the zip
 * importer already brings. npm had installed pako three times under pdf-lib (45 KB gzip).
 */
export function deflate(data: Uint8Array, options?: { level?: number }): Uint8Array {
  return zlibSync(data, options as DeflateOptions | undefined);
}

export function inflate(data: Uint8Array): Uint8Array {
  return unzlibSync(data);
}

export default { deflate, inflate };
