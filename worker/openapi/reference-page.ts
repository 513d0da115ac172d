import { apiReferenceSecurityHeaders } from "../lib/page-security";

/** Redoc's standalone bundle, copied into the static assets at build time (scripts/vite-api-reference.ts). */
export const API_REFERENCE_BUNDLE = "/api-reference/redoc.standalone.js";

// Redoc renders any <redoc spec-url> element when its bundle loads, so the page runs no script of
// its own; options are the element's attributes.
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Brandwork API reference</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>body { margin: 0 }</style>
</head>
<body>
<redoc spec-url="/v1/openapi.json" required-props-first expand-responses="200,201,202" json-sample-expand-level="3"></redoc>
<script src="${API_REFERENCE_BUNDLE}"></script>
</body>
</html>
`;

/** /v1/docs: the reference for /v1/openapi.json. */
export function apiReferencePage(requestUrl: string): Response {
  return new Response(PAGE, {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=300", ...apiReferenceSecurityHeaders(requestUrl) },
  });
}
