/** A bare page in the app's colours, for answers given before Remix renders anything. */
function plainPage(status: number, title: string, message: string, nonce?: string): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>
<style${nonce ? ` nonce="${nonce}"` : ""}>body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f7f7fb;color:#1d1d2b}main{max-width:32rem;padding:2rem;text-align:center}a{color:#4f46e5}</style></head>
<body><main><h1>${title}</h1><p>${message}</p><p><a href="/">Go to the home page</a></p></main></body></html>`;
  return new Response(html, { status, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
}

/** The last-resort 500 page, for when even the Remix error boundary could not render. */
export function renderServerErrorPage(nonce?: string): Response {
  return plainPage(500, "Something went wrong", "We could not load this page. The problem has been reported; try again in a moment.", nonce);
}

/** 413 for a page form whose body is over the cap (lib/page-body-limit), before Remix reads it. */
export function renderTooLargePage(maxBytes: number, nonce?: string): Response {
  const limit = `${maxBytes / (1024 * 1024)} MB`;
  return plainPage(413, "That was too much to send", `What you sent is over the ${limit} a form may send. Shorten it, or attach large files as uploads, and try again.`, nonce);
}

/** 403 for a page form sent from another site (middleware/cookie-session), before Remix reads it. */
export function renderCrossSitePage(reason: string, nonce?: string): Response {
  return plainPage(403, "That came from another site", reason, nonce);
}
