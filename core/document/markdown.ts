import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown, gfmToMarkdown } from "mdast-util-gfm";
import { toMarkdown } from "mdast-util-to-markdown";
import { gfm } from "micromark-extension-gfm";
import { mdastToDocument, WARNINGS } from "./mdast";
import { documentFromPlainText } from "./text";
import { documentToMdast } from "./to-mdast";
import { capMarkdown } from "./markdown-caps";
import { type ConversionResult, type SerializedDocument } from "./types";

/**
 * Markdown (CommonMark + GFM: tables, strikethrough, task lists, autolinks, footnotes) to a
 * document and back, through micromark's mdast. The mappings and caps live in mdast.ts,
 * with cheap line-based versions of the caps in markdown-caps.ts run before parsing.
 */

export const TOO_DEEP_WARNING = "The markdown nests too deeply to convert; it was imported as plain text";

export function markdownToDocument(markdown: string): ConversionResult {
  const capped = capMarkdown(markdown);
  let tree;
  try {
    tree = fromMarkdown(capped.text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  } catch (error) {
    // The parser recurses per nesting level; capMarkdown keeps it far from the stack limit,
    // but should some other shape still overflow, keep the words rather than fail.
    if (!(error instanceof RangeError)) throw error;
    return { document: documentFromPlainText(markdown), warnings: [TOO_DEEP_WARNING] };
  }
  const result = mdastToDocument(tree);
  const warnings = new Set<string>();
  if (capped.tableCapped) warnings.add(WARNINGS.table);
  if (capped.nestingCapped) warnings.add(WARNINGS.nesting);
  for (const warning of result.warnings) warnings.add(warning);
  return { document: result.document, warnings: [...warnings] };
}

export function documentToMarkdown(doc: SerializedDocument): string {
  return toMarkdown(documentToMdast(doc), {
    extensions: [gfmToMarkdown()],
    bullet: "-",
    emphasis: "*",
    strong: "*",
    rule: "-",
    fences: true,
    listItemIndent: "one",
  });
}
