/** The last-resort 500 page, for when even the Remix error boundary could not render. */
export function renderServerErrorPage(nonce?: string): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Something went wrong</title>
<style${nonce ? ` nonce="${nonce}"` : ""}>body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f7f7fb;color:#1d1d2b}main{max-width:32rem;padding:2rem;text-align:center}a{color:#4f46e5}</style></head>
<body><main><h1>Something went wrong</h1><p>We could not load this page. The problem has been reported; try again in a moment.</p><p><a href="/">Go to the home page</a></p></main></body></html>`;
  return new Response(html, { status: 500, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
}
