import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown, gfmToMarkdown } from "mdast-util-gfm";
import { toMarkdown } from "mdast-util-to-markdown";
import { gfm } from "micromark-extension-gfm";
import { mdastToDocument, WARNINGS } from "./mdast";
import { documentFromPlainText } from "./text";
import { documentToMdast } from "./to-mdast";
import { MAX_NESTING, type ConversionResult, type SerializedDocument } from "./types";

/**
 * Markdown (CommonMark + GFM: tables, strikethrough, task lists, autolinks, footnotes) to a
 * document and back, through micromark's mdast. The mappings and caps live in mdast.ts.
 */

export const TOO_DEEP_WARNING = "The markdown nests too deeply to convert; it was imported as plain text";

export function markdownToDocument(markdown: string): ConversionResult {
  const { text, capped } = capLineNesting(markdown);
  let tree;
  try {
    tree = fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  } catch (error) {
    // The parser recurses per nesting level; capLineNesting keeps it far from the stack
    // limit, but should some other shape still overflow, keep the words rather than fail.
    if (!(error instanceof RangeError)) throw error;
    return { document: documentFromPlainText(markdown), warnings: [TOO_DEEP_WARNING] };
  }
  const result = mdastToDocument(tree);
  if (capped && !result.warnings.includes(WARNINGS.nesting)) result.warnings.unshift(WARNINGS.nesting);
  return result;
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

// A container opener at the start of a line: a quote marker, a bullet or an ordered marker.
const CONTAINER_MARKER = /[ \t]*(?:>|[-+*](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))[ \t]?/y;
/** Leading indentation kept at most (columns): 100 levels of the widest list markers fit. */
const MAX_INDENT = 4 * MAX_NESTING;

/**
 * micromark parses each nested quote or list with a few stack frames, and a line such as
 * `>>>>…` or `- - - …` 10,000 levels deep overflows the stack; deep indentation-nested lists
 * make it slow. So before parsing, every line keeps at most MAX_NESTING container markers
 * and MAX_INDENT columns of indentation: SPEC section 9's nesting cap, applied where it is
 * cheap. The rest of the line (its text) is kept.
 */
function capLineNesting(markdown: string): { text: string; capped: boolean } {
  const lines = markdown.split(/\r\n|\r|\n/);
  let capped = false;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    // Fast path: markers and indentation are all at or below ">" (0x3e); text rarely is.
    if (line.length < 2 || line.charCodeAt(0) > 0x3e) continue;
    let fixed = capMarkers(line);
    fixed = capIndent(fixed);
    if (fixed !== line) {
      lines[index] = fixed;
      capped = true;
    }
  }
  return { text: capped ? lines.join("\n") : markdown, capped };
}

function capMarkers(line: string): string {
  CONTAINER_MARKER.lastIndex = 0;
  let count = 0;
  let keptEnd = 0;
  let end = 0;
  while (end < line.length && CONTAINER_MARKER.test(line)) {
    end = CONTAINER_MARKER.lastIndex;
    count++;
    if (count === MAX_NESTING) keptEnd = end;
  }
  if (count <= MAX_NESTING) return line;
  return line.slice(0, keptEnd) + line.slice(end);
}

function capIndent(line: string): string {
  let columns = 0;
  let end = 0;
  while (end < line.length && (line[end] === " " || line[end] === "\t")) {
    columns += line[end] === "\t" ? 4 - (columns % 4) : 1;
    end++;
  }
  return columns > MAX_INDENT ? " ".repeat(MAX_INDENT) + line.slice(end) : line;
}
