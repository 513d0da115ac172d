// Types for `#remix-build` (package.json "imports"): the Remix server build that
// `npm run build` writes to build/server/index.js.
import type { ServerBuild } from "@remix-run/cloudflare";

declare const build: ServerBuild;
export = build;
