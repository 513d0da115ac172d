// What every loader and action receives: the Worker's bindings and execution context, and
// the nonce this response's scripts carry (worker/lib/page-security.ts; absent under
// `npm run dev`, which sends no Content-Security-Policy).
declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
    nonce?: string;
  }
}

export {};
