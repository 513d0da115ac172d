/**
 * Knowledge ("brain") sources are stored as passages: paragraphs gathered into pieces of
 * about PASSAGE_WORDS words, so FTS5 ranks focused text and generation can cite the piece
 * it used. A paragraph longer than a passage is split between sentences.
 */
export const PASSAGE_WORDS = 120;
/** A source yields at most this many passages (about 240,000 words). */
export const MAX_PASSAGES = 2_000;

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

function sentencesOf(paragraph: string): string[] {
  return paragraph.match(/[^.!?]+(?:[.!?]+["”’)]*|$)/g)?.map((s) => s.trim()).filter(Boolean) ?? [paragraph];
}

export function splitIntoPassages(text: string, target = PASSAGE_WORDS): string[] {
  const paragraphs = text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter(Boolean);
  const passages: string[] = [];
  let current: string[] = [];
  let words = 0;
  const flush = () => {
    if (current.length > 0) passages.push(current.join("\n\n"));
    current = [];
    words = 0;
  };
  for (const paragraph of paragraphs) {
    const size = wordCount(paragraph);
    if (size > target) {
      flush();
      let piece: string[] = [];
      let pieceWords = 0;
      for (const sentence of sentencesOf(paragraph)) {
        const n = wordCount(sentence);
        if (pieceWords > 0 && pieceWords + n > target) {
          passages.push(piece.join(" "));
          piece = [];
          pieceWords = 0;
        }
        piece.push(sentence);
        pieceWords += n;
      }
      if (piece.length > 0) passages.push(piece.join(" "));
      continue;
    }
    if (words > 0 && words + size > target) flush();
    current.push(paragraph);
    words += size;
  }
  flush();
  return passages.slice(0, MAX_PASSAGES);
}

/** A passage retrieved for a brief, with the source it came from (for citations). */
export interface Passage {
  sourceId: number;
  sourceTitle: string;
  text: string;
}
