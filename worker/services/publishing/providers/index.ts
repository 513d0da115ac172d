import type { Network } from "../../../../core/publishing/limits";
import { blueskyProvider } from "./bluesky";
import { facebookProvider } from "./facebook";
import { instagramProvider } from "./instagram";
import { linkedinProvider } from "./linkedin";
import { mastodonProvider } from "./mastodon";
import { pinterestProvider } from "./pinterest";
import { sandboxProvider } from "./sandbox";
import { threadsProvider } from "./threads";
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
  threads: threadsProvider,
  instagram: instagramProvider,
  facebook: facebookProvider,
  linkedin: linkedinProvider,
  tiktok: tiktokProvider,
  youtube: youtubeProvider,
  pinterest: pinterestProvider,
};

export function providerFor(network: Network): Provider | null {
  return PROVIDERS[network] ?? null;
}

export const connectableNetworks = Object.keys(PROVIDERS) as Network[];
