import { version } from "react";

/**
 * `react-dom` as the Worker sees it (wrangler.toml `[alias]`). The Worker renders with
 * `react-dom/server`; the client renderer (133 KB of DOM reconciler) came in only because
 * react-router-dom imports it for `flushSync`, which its browser router calls. Nothing on the
 * server mounts a root, so the calls that need a DOM throw and say so, and the two that only
 * batch updates run their callback, as React does when no root is mounted.
 */
export { version };

export function flushSync<R>(update: () => R): R {
  return update();
}

export function unstable_batchedUpdates<A, R>(update: (a: A) => R, a: A): R {
  return update(a);
}

const browserOnly = (name: string) => () => {
  throw new Error(`react-dom's ${name} needs a DOM; the Worker renders with react-dom/server (worker/shims/react-dom.ts)`);
};

export const createPortal = browserOnly("createPortal");
export const createRoot = browserOnly("createRoot");
export const hydrateRoot = browserOnly("hydrateRoot");
export const render = browserOnly("render");
export const hydrate = browserOnly("hydrate");
export const findDOMNode = browserOnly("findDOMNode");
export const unmountComponentAtNode = browserOnly("unmountComponentAtNode");
export const unstable_renderSubtreeIntoContainer = browserOnly("unstable_renderSubtreeIntoContainer");

export default {
  version,
  flushSync,
  unstable_batchedUpdates,
  createPortal,
  createRoot,
  hydrateRoot,
  render,
  hydrate,
  findDOMNode,
  unmountComponentAtNode,
  unstable_renderSubtreeIntoContainer,
};
