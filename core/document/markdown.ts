import { WARNINGS } from "./mdast";
import { capMarkdown } from "./markdown-caps";
import { documentToMarkdown } from "./markdown-export";
import { markdownItToDocument } from "./markdown-import";
import { documentFromPlainText } from "./text";
import { type ConversionResult } from "./types";

/**
 * Markdown (CommonMark + GFM: tables, strikethrough, task lists, autolinks) to a document and
 * back. The import walks markdown-it's tokens (markdown-import.ts) after the cheap line-based
 * caps of markdown-caps.ts; the export writes markdown text straight from the document
 * (markdown-export.ts).
 */

export const TOO_DEEP_WARNING = "The markdown nests too deeply to convert; it was imported as plain text";

export function markdownToDocument(markdown: string): ConversionResult {
  const capped = capMarkdown(markdown);
  let result;
  try {
    result = markdownItToDocument(capped.text);
  } catch (error) {
    // The parser recurses per nesting level (and per image inside an image description);
    // capMarkdown keeps it far from the stack limit, but should some other shape still
    // overflow, keep the words rather than fail.
    if (!(error instanceof RangeError)) throw error;
    return { document: documentFromPlainText(markdown), warnings: [TOO_DEEP_WARNING] };
  }
  const warnings = new Set<string>();
  if (capped.tableCapped) warnings.add(WARNINGS.table);
  if (capped.nestingCapped) warnings.add(WARNINGS.nesting);
  for (const warning of result.warnings) warnings.add(warning);
  return { document: result.document, warnings: [...warnings] };
}

export { documentToMarkdown };
