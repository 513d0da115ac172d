import type { AdCreative, AdPlacement } from "../../../core/contracts/ads";
import { PLACEMENTS } from "../../../core/ads/placements";
import { CTA_LABELS } from "./words";

/** Text cut where the placement cuts it, with whether it was. */
function visible(text: string, limit: number): { shown: string; cut: boolean } {
  if (limit <= 0) return { shown: "", cut: text.length > 0 };
  return text.length > limit ? { shown: `${text.slice(0, limit).trimEnd()}…`, cut: true } : { shown: text, cut: false };
}

/**
 * A creative as one placement shows it: its text cut at what that placement shows before
 * "… more" (the right column shows no primary text at all), the image, the headline and button.
 */
export function AdPreview({ placement, creative, imageUrl }: { placement: AdPlacement; creative: AdCreative; imageUrl: string | null }) {
  const limits = PLACEMENTS[placement];
  const text = visible(creative.primary_text, limits.primaryText.visible);
  const headline = limits.headline ? visible(creative.headline, limits.headline.visible) : null;
  const tall = /stories|reels/.test(placement);
  return (
    <figure className={`ad-preview ad-preview--${limits.platform}${tall ? " ad-preview--tall" : ""}`} aria-label={`Preview in ${limits.label}`}>
      <div className="ad-preview__meta">
        <strong>Your page</strong> <span>· Sponsored</span>
      </div>
      {text.shown ? (
        <p className="ad-preview__text">
          {text.shown}
          {text.cut ? <span className="ad-preview__more"> more</span> : null}
        </p>
      ) : null}
      <div className="ad-preview__image">{imageUrl ? <img src={imageUrl} alt="" loading="lazy" decoding="async" /> : <span>No image</span>}</div>
      <div className="ad-preview__footer">
        {headline ? <strong className="ad-preview__headline">{headline.shown || "Headline"}</strong> : <span />}
        <span className="ad-preview__cta">{CTA_LABELS[creative.call_to_action]}</span>
      </div>
      <figcaption className="field__hint">
        {limits.label}: {limits.primaryText.visible > 0 ? `${Math.min(creative.primary_text.length, limits.primaryText.visible)} of ${creative.primary_text.length} text characters show before “… more”` : "no primary text shows here"}
        {headline && creative.headline.length > limits.headline!.visible ? `; the headline is cut at ${limits.headline!.visible}` : ""}.
      </figcaption>
    </figure>
  );
}
