import path from "node:path";
import type { Plugin } from "vite";

/**
 * The Remix server build leaves to wrangler every module the Worker also bundles: packages
 * (as bare imports) and our own `worker/`, `core/` and `durable/` files (as relative imports).
 * Bundled whole, the server build carried its own copy of each (pdf-lib, compromise, parse5,
 * zod, Lexical, every service a loader calls), so the uploaded Worker held two: 7.3 MB raw,
 * 2.3 MB gzip. Wrangler now bundles one copy, and loaders and the API share its module state.
 */
export function sharedWorkerModules(root: string): Plugin {
  const shared = ["worker", "core", "durable"].map((dir) => path.join(root, dir) + path.sep);
  let outDir = "";
  return {
    name: "brandwork-shared-worker-modules",
    apply: "build",
    enforce: "pre",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async resolveId(source, importer, options) {
      if (!options.ssr || !importer || source.startsWith("\0") || source.startsWith("virtual:")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external || resolved.id.includes("?")) return resolved;
      // Only script modules: a stylesheet or asset from a package is Vite's to handle.
      if (!/\.[cm]?[jt]sx?$/.test(resolved.id)) return resolved;
      if (resolved.id.includes(`${path.sep}node_modules${path.sep}`)) {
        return isBare(source) ? { id: source, external: true } : resolved;
      }
      if (shared.some((dir) => resolved.id.startsWith(dir))) {
        // Rollup's own "relative" externals are relative to the inputs' common folder, which
        // for Remix's virtual entry is "/"; the import is written from the output folder instead.
        return { id: importPath(outDir, resolved.id), external: true };
      }
      return resolved;
    },
    generateBundle(_options, bundle) {
      // Those paths hold for a module in the output folder itself, which the server build's one file is.
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === "chunk" && chunk.fileName.includes("/") && chunk.imports.some((id) => id.startsWith("."))) {
          this.error(`${chunk.fileName} imports worker modules from a subfolder; sharedWorkerModules writes paths from ${outDir}`);
        }
      }
    },
  };
}

const isBare = (source: string) => !source.startsWith(".") && !source.startsWith("/") && !source.startsWith("~");

/** `file` as an import written in a module that sits in `fromDir`: `../../worker/api/index.ts`. */
function importPath(fromDir: string, file: string) {
  const relative = path.relative(fromDir, file).split(path.sep).join("/");
  return relative.startsWith("../") ? relative : `./${relative}`;
}
