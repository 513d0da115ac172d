import type { Network } from "../publishing/limits";
import type { SocialChannel } from "../content/channels";

/**
 * SPEC section 3's design templates: a layout (what goes where) at one of the networks' sizes.
 * The sizes are each network's published image sizes; a feed size also fits the network's
 * aspect-ratio range in the limits table (core/publishing/limits.ts), which a test checks, so a
 * design made for a feed can always be scheduled there.
 */

/** Where an image is shown: feed sizes are posted; the others are profile art or link previews. */
export const placements = ["feed", "story", "header", "link", "thumbnail"] as const;
export type Placement = (typeof placements)[number];

export interface DesignFormat {
  label: string;
  width: number;
  height: number;
  network: Network;
  /** The content engine's channel a caption is written for. */
  channel: SocialChannel;
  placement: Placement;
  /** Formats of one family are exported together ("all sizes" in the ZIP). */
  family: "instagram" | "linkedin" | "x" | "facebook" | "youtube";
}

export const designFormats = [
  "instagram_square",
  "instagram_portrait",
  "instagram_story",
  "linkedin_post",
  "linkedin_header",
  "x_post",
  "x_header",
  "facebook_post",
  "facebook_cover",
  "youtube_thumbnail",
] as const;
export type DesignFormatKey = (typeof designFormats)[number];

export const DESIGN_FORMATS: Record<DesignFormatKey, DesignFormat> = {
  instagram_square: { label: "Instagram post (square)", width: 1080, height: 1080, network: "instagram", channel: "instagram", placement: "feed", family: "instagram" },
  instagram_portrait: { label: "Instagram post (portrait)", width: 1080, height: 1350, network: "instagram", channel: "instagram", placement: "feed", family: "instagram" },
  instagram_story: { label: "Instagram story", width: 1080, height: 1920, network: "instagram", channel: "instagram", placement: "story", family: "instagram" },
  linkedin_post: { label: "LinkedIn post / link image", width: 1200, height: 627, network: "linkedin", channel: "linkedin", placement: "link", family: "linkedin" },
  linkedin_header: { label: "LinkedIn header", width: 1584, height: 396, network: "linkedin", channel: "linkedin", placement: "header", family: "linkedin" },
  x_post: { label: "X post image", width: 1600, height: 900, network: "x", channel: "twitter", placement: "feed", family: "x" },
  x_header: { label: "X header", width: 1500, height: 500, network: "x", channel: "twitter", placement: "header", family: "x" },
  facebook_post: { label: "Facebook post / link image", width: 1200, height: 630, network: "facebook", channel: "facebook", placement: "link", family: "facebook" },
  facebook_cover: { label: "Facebook cover", width: 1640, height: 624, network: "facebook", channel: "facebook", placement: "header", family: "facebook" },
  youtube_thumbnail: { label: "YouTube thumbnail", width: 1280, height: 720, network: "youtube", channel: "youtube", placement: "thumbnail", family: "youtube" },
};

/**
 * SPEC section 3's layouts: "photo-post, story and header variants for a photo network, plus
 * photo, video and header/paragraph layouts". Each names the formats it is offered at.
 */
export const designLayouts = ["photo_post", "story", "header", "photo", "video", "header_paragraph"] as const;
export type DesignLayout = (typeof designLayouts)[number];

export const DESIGN_LAYOUTS: Record<DesignLayout, { label: string; description: string; formats: readonly DesignFormatKey[] }> = {
  photo_post: {
    label: "Photo post",
    description: "A photo filling the frame with a headline band and your logo.",
    formats: ["instagram_square", "instagram_portrait", "x_post", "linkedin_post", "facebook_post"],
  },
  story: { label: "Story", description: "A tall photo with a headline and a call to action below.", formats: ["instagram_story"] },
  header: { label: "Header", description: "A wide banner: headline, sub-line and logo over your brand colours.", formats: ["linkedin_header", "x_header", "facebook_cover"] },
  photo: { label: "Photo", description: "The photo alone, with a small logo in the corner.", formats: ["instagram_square", "instagram_portrait", "instagram_story", "x_post", "linkedin_post", "facebook_post"] },
  video: { label: "Video thumbnail", description: "A large title and a play mark over a still from the video.", formats: ["youtube_thumbnail", "x_post", "linkedin_post", "facebook_post"] },
  header_paragraph: {
    label: "Header and paragraph",
    description: "A headline and a short paragraph on a colour or gradient: quotes, tips, announcements.",
    formats: ["instagram_square", "instagram_portrait", "linkedin_post", "x_post", "facebook_post"],
  },
};

/** SPEC section 3's design steps, in the editor's order. */
export const designSteps = ["template", "core_image", "background_image", "add_text", "generate_caption", "apply_brand", "schedule_post", "download"] as const;
export type DesignStep = (typeof designSteps)[number];

export const DESIGN_STEP_LABELS: Record<DesignStep, string> = {
  template: "Template",
  core_image: "Image",
  background_image: "Background",
  add_text: "Text",
  generate_caption: "Caption",
  apply_brand: "Brand",
  schedule_post: "Schedule",
  download: "Download",
};

/** The formats exported together with `key` (its family), `key` first. */
export const familyOf = (key: DesignFormatKey): DesignFormatKey[] => [key, ...designFormats.filter((other) => other !== key && DESIGN_FORMATS[other].family === DESIGN_FORMATS[key].family)];
