import type { Network } from "../../../../core/publishing/limits";
import { facebookProvider } from "./facebook";
import { instagramProvider } from "./instagram";
import { sandboxProvider } from "./sandbox";
import { threadsProvider } from "./threads";
import type { Provider } from "./types";

/** The networks this deployment can publish to. Real networks join here with their issue. */
const PROVIDERS: Partial<Record<Network, Provider>> = {
  sandbox: sandboxProvider,
  facebook: facebookProvider,
  instagram: instagramProvider,
  threads: threadsProvider,
};

export function providerFor(network: Network): Provider | null {
  return PROVIDERS[network] ?? null;
}

export const connectableNetworks = Object.keys(PROVIDERS) as Network[];
