import type { AdNetwork } from "../../../../core/contracts/ads";
import { metaAdsProvider } from "./meta";
import { sandboxAdsProvider } from "./sandbox";
import type { AdsProvider } from "./types";

/** Adding an ads network is adding a file and a line here. */
const PROVIDERS: Record<AdNetwork, AdsProvider> = { sandbox: sandboxAdsProvider, meta: metaAdsProvider };

export const adsProviderFor = (network: AdNetwork): AdsProvider => PROVIDERS[network];
