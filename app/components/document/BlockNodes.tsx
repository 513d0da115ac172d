import type { CSSProperties, ReactNode } from "react";
import { blockStyle, color, num, str, type DocNode } from "./nodes";

type BlockProps = { node: DocNode; children: ReactNode };

export function ParagraphNode({ node, children }: BlockProps) {
  return <p style={blockStyle(node)}>{children}</p>;
}

const HEADING_TAGS = ["h1", "h2", "h3", "h4", "h5", "h6"] as const;

/** `tag` ("h2") from Lexical, or `level` (2). */
export function HeadingNode({ node, children }: BlockProps) {
  const fromTag = str(node.tag);
  const level = fromTag && /^h[1-6]$/.test(fromTag) ? Number(fromTag[1]) : Math.min(Math.max(num(node.level) ?? 2, 1), 6);
  const Tag = HEADING_TAGS[level - 1] ?? "h2";
  return <Tag style={blockStyle(node)}>{children}</Tag>;
}

/**
 * A box, or a quote (a box with a quote colour; a plain blockquote gets the default quote
 * colour). Colours come from the document, checked to be plain colour values.
 */
export function BoxNode({ node, children }: BlockProps) {
  const quoteColor = color(node.quoteColor);
  const isQuote = node.type === "quote" || quoteColor !== undefined;
  if (isQuote) {
    const style = quoteColor ? ({ "--quote-color": quoteColor } as CSSProperties) : undefined;
    return (
      <blockquote className="document-view__quote" style={style}>
        {children}
      </blockquote>
    );
  }
  const boxColor = color(node.boxColor);
  return (
    <div className="document-view__box" style={boxColor ? ({ "--box-color": boxColor } as CSSProperties) : undefined}>
      {children}
    </div>
  );
}

const DIVIDER_STYLES = new Set(["solid_thin", "solid_thick", "dashed", "dotted", "double"]);

export function LineDividerNode({ node }: { node: DocNode }) {
  const style = str(node.style) ?? str(node.dividerStyle);
  return <hr className="document-view__divider" data-style={style && DIVIDER_STYLES.has(style) ? style : "solid_thin"} />;
}

export function CodeBlockNode({ node, children }: BlockProps) {
  const language = str(node.language) ?? str(node.mime);
  return (
    <pre className="document-view__code" data-language={language}>
      <code>{children}</code>
    </pre>
  );
}
