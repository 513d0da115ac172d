import type { AdPlacement } from "../contracts/ads";
import { NETWORK_LIMITS } from "../publishing/limits";

/**
 * Each placement's text limits. `max` is what the network accepts (the post limits of
 * core/publishing/limits for primary text, Meta's 255 for a headline); `visible` is how much a
 * person sees before "… more" (Meta's ad guide: 125 characters of primary text, 40 of headline in
 * feeds, 27 in the right column), which the wizard's previews cut at and warn about.
 */
export interface PlacementLimits {
  label: string;
  platform: "facebook" | "instagram" | "messenger" | "audience_network";
  /** Meta targeting: the publisher platform and the position within it. */
  meta: { platform: string; positionField: string | null; position: string | null };
  primaryText: { max: number; visible: number };
  headline: { max: number; visible: number } | null;
}

const facebookText = NETWORK_LIMITS.facebook.characters;
const instagramText = NETWORK_LIMITS.instagram.characters;

export const PLACEMENTS: Record<AdPlacement, PlacementLimits> = {
  facebook_feed: { label: "Facebook Feed", platform: "facebook", meta: { platform: "facebook", positionField: "facebook_positions", position: "feed" }, primaryText: { max: facebookText, visible: 125 }, headline: { max: 255, visible: 40 } },
  facebook_stories: { label: "Facebook Stories", platform: "facebook", meta: { platform: "facebook", positionField: "facebook_positions", position: "story" }, primaryText: { max: facebookText, visible: 125 }, headline: { max: 255, visible: 40 } },
  facebook_reels: { label: "Facebook Reels", platform: "facebook", meta: { platform: "facebook", positionField: "facebook_positions", position: "facebook_reels" }, primaryText: { max: facebookText, visible: 72 }, headline: { max: 255, visible: 40 } },
  facebook_right_column: { label: "Facebook right column", platform: "facebook", meta: { platform: "facebook", positionField: "facebook_positions", position: "right_hand_column" }, primaryText: { max: facebookText, visible: 0 }, headline: { max: 255, visible: 27 } },
  instagram_feed: { label: "Instagram Feed", platform: "instagram", meta: { platform: "instagram", positionField: "instagram_positions", position: "stream" }, primaryText: { max: instagramText, visible: 125 }, headline: null },
  instagram_stories: { label: "Instagram Stories", platform: "instagram", meta: { platform: "instagram", positionField: "instagram_positions", position: "story" }, primaryText: { max: instagramText, visible: 125 }, headline: null },
  instagram_reels: { label: "Instagram Reels", platform: "instagram", meta: { platform: "instagram", positionField: "instagram_positions", position: "reels" }, primaryText: { max: instagramText, visible: 72 }, headline: null },
  instagram_explore: { label: "Instagram Explore", platform: "instagram", meta: { platform: "instagram", positionField: "instagram_positions", position: "explore" }, primaryText: { max: instagramText, visible: 125 }, headline: null },
  messenger_inbox: { label: "Messenger inbox", platform: "messenger", meta: { platform: "messenger", positionField: "messenger_positions", position: "messenger_home" }, primaryText: { max: facebookText, visible: 125 }, headline: { max: 255, visible: 40 } },
  audience_network: { label: "Audience Network", platform: "audience_network", meta: { platform: "audience_network", positionField: "audience_network_positions", position: "classic" }, primaryText: { max: facebookText, visible: 125 }, headline: { max: 255, visible: 40 } },
};

/** Automatic placements run everywhere, so the strictest limit of all applies. */
export const placementsIn = (automatic: boolean, chosen: readonly AdPlacement[]): AdPlacement[] => (automatic ? (Object.keys(PLACEMENTS) as AdPlacement[]) : [...chosen]);

/** The tightest hard limits across the chosen placements. */
export function textLimitsFor(placements: readonly AdPlacement[]): { primaryText: number; headline: number } {
  const rows = placements.map((placement) => PLACEMENTS[placement]);
  return {
    primaryText: Math.min(...rows.map((row) => row.primaryText.max), instagramText > facebookText ? instagramText : facebookText),
    headline: Math.min(255, ...rows.flatMap((row) => (row.headline ? [row.headline.max] : []))),
  };
}
