import type { Network } from "../../../../core/publishing/limits";
import { linkedinProvider } from "./linkedin";
import { pinterestProvider } from "./pinterest";
import { sandboxProvider } from "./sandbox";
import type { Provider } from "./types";

/** The networks this deployment can publish to. Real networks join here with their issue. */
const PROVIDERS: Partial<Record<Network, Provider>> = { sandbox: sandboxProvider, linkedin: linkedinProvider, pinterest: pinterestProvider };

export function providerFor(network: Network): Provider | null {
  return PROVIDERS[network] ?? null;
}

export const connectableNetworks = Object.keys(PROVIDERS) as Network[];
