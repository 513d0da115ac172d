import type { Network } from "../../../../core/publishing/limits";
import { blueskyProvider } from "./bluesky";
import { linkedinProvider } from "./linkedin";
import { mastodonProvider } from "./mastodon";
import { pinterestProvider } from "./pinterest";
import { sandboxProvider } from "./sandbox";
import { tiktokProvider } from "./tiktok";
import { xProvider } from "./x";
import { youtubeProvider } from "./youtube";
import type { Provider } from "./types";

/** The networks this deployment can publish to: one file each, beside this one. */
const PROVIDERS: Partial<Record<Network, Provider>> = {
  sandbox: sandboxProvider,
  x: xProvider,
  bluesky: blueskyProvider,
  mastodon: mastodonProvider,
  linkedin: linkedinProvider,
  tiktok: tiktokProvider,
  youtube: youtubeProvider,
  pinterest: pinterestProvider,
};

export function providerFor(network: Network): Provider | null {
  return PROVIDERS[network] ?? null;
}

export const connectableNetworks = Object.keys(PROVIDERS) as Network[];
