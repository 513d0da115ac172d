import type { CSSProperties } from "react";
import { isSafeUrl } from "../../../core/document/links";
import { num, str, type DocNode } from "./nodes";

/** SPEC section 5: a width above 1 is pixels (floored); 1 or less is a fraction of the column. */
function imageWidth(value: unknown): string | undefined {
  const width = num(value);
  if (!width || width <= 0) return undefined;
  return width > 1 ? `${Math.floor(width)}px` : `${Math.round(width * 1000) / 10}%`;
}

const FLOATS = new Set(["left", "right", "center"]);

/** An image with its caption; linked when it has a safe `href`. Unsafe sources are not shown. */
export function ImageNode({ node }: { node: DocNode }) {
  const src = str(node.src);
  if (!src || !isSafeUrl(src)) return null;
  const alt = str(node.alt) ?? str(node.altText) ?? "";
  const caption = str(node.description) ?? str(node.caption);
  const float = str(node.float);
  const width = imageWidth(node.width);
  const style: CSSProperties | undefined = width ? { width } : undefined;
  const image = (
    <img
      src={src}
      alt={alt}
      title={str(node.title)}
      loading="lazy"
      decoding="async"
      width={num(node.nativeWidth)}
      height={num(node.nativeHeight)}
    />
  );
  const href = str(node.href);
  return (
    <figure className="document-view__image" data-float={float && FLOATS.has(float) ? float : undefined} style={style}>
      {href && isSafeUrl(href) ? (
        <a href={href} target="_blank" rel="noopener noreferrer nofollow">
          {image}
        </a>
      ) : (
        image
      )}
      {caption ? <figcaption>{caption}</figcaption> : null}
    </figure>
  );
}
