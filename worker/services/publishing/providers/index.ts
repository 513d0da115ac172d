import type { Network } from "../../../../core/publishing/limits";
import { sandboxProvider } from "./sandbox";
import { tiktokProvider } from "./tiktok";
import type { Provider } from "./types";
import { youtubeProvider } from "./youtube";

/** The networks this deployment can publish to. Real networks join here with their issue. */
const PROVIDERS: Partial<Record<Network, Provider>> = { sandbox: sandboxProvider, tiktok: tiktokProvider, youtube: youtubeProvider };

export function providerFor(network: Network): Provider | null {
  return PROVIDERS[network] ?? null;
}

export const connectableNetworks = Object.keys(PROVIDERS) as Network[];
