import { useState } from "react";
import type { NetworkLimits } from "../../../core/publishing/limits";
import type { ChosenMedia } from "./MediaPicker";

const ratioLabel = (ratio: number) => {
  // Name the common ratios as people know them; anything else as a number.
  const known: [number, string][] = [[1, "1:1"], [0.8, "4:5"], [1.91, "1.91:1"], [16 / 9, "16:9"], [9 / 16, "9:16"], [0.4, "2:5"], [2.4, "12:5"]];
  return known.find(([value]) => Math.abs(value - ratio) < 0.01)?.[1] ?? `${ratio.toFixed(2)}:1`;
};

/**
 * A post's media as one network would show it: images outside the network's aspect-ratio
 * range are cropped to its nearest edge (as Instagram and LinkedIn crop), and the preview says so.
 */
export function PreviewMedia({ media, limits }: { media: ChosenMedia[]; limits: NetworkLimits }) {
  const [natural, setNatural] = useState<Record<number, number>>({});
  if (media.length === 0) return null;
  const range = limits.media.aspectRatio;
  return (
    <div className="preview-media">
      {media.map((item) => {
        const ratio = natural[item.id];
        const shown = ratio && range ? Math.min(range[1], Math.max(range[0], ratio)) : ratio;
        const cropped = ratio !== undefined && shown !== undefined && Math.abs(shown - ratio) > 0.005;
        return (
          <figure key={item.id} className="preview-media__item">
            {item.kind === "image" ? (
              <img
                src={item.href}
                alt={item.name ?? ""}
                style={shown ? { aspectRatio: String(shown) } : undefined}
                onLoad={(event) => {
                  const { naturalWidth, naturalHeight } = event.currentTarget;
                  if (naturalWidth && naturalHeight) setNatural((current) => ({ ...current, [item.id]: naturalWidth / naturalHeight }));
                }}
              />
            ) : (
              <span className="preview-media__video" aria-label={`Video: ${item.name}`}>
                ▶
              </span>
            )}
            {cropped ? <figcaption className="muted">{limits.label} crops this to {ratioLabel(shown!)}</figcaption> : null}
          </figure>
        );
      })}
    </div>
  );
}
