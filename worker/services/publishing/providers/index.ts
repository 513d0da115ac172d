import type { Network } from "../../../../core/publishing/limits";
import { blueskyProvider } from "./bluesky";
import { mastodonProvider } from "./mastodon";
import { sandboxProvider } from "./sandbox";
import { xProvider } from "./x";
import type { Provider } from "./types";

/** The networks this deployment can publish to. Real networks join here with their issue. */
const PROVIDERS: Partial<Record<Network, Provider>> = { sandbox: sandboxProvider, x: xProvider, bluesky: blueskyProvider, mastodon: mastodonProvider };

export function providerFor(network: Network): Provider | null {
  return PROVIDERS[network] ?? null;
}

export const connectableNetworks = Object.keys(PROVIDERS) as Network[];
