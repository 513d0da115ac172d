// What every loader and action receives: the Worker's bindings and execution context.
declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: ExecutionContext };
  }
}

export {};
