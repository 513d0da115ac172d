/**
 * A transcript (WebVTT, SubRip or plain text) as prose: cue numbers, timestamps, headers
 * and voice tags removed, lines joined into paragraphs where the speaker pauses.
 */
const TIMESTAMP = /^\s*(\d{1,2}:)?\d{1,2}:\d{2}[.,]\d{1,3}\s*-->\s*(\d{1,2}:)?\d{1,2}:\d{2}[.,]\d{1,3}.*$/;

export function transcriptToText(raw: string): string {
  const lines = raw.replace(/\r\n?/g, "\n").replace(/^\uFEFF/, "").split("\n");
  const paragraphs: string[] = [];
  let current: string[] = [];
  let inNote = false;
  const flush = () => {
    if (current.length) paragraphs.push(current.join(" "));
    current = [];
  };
  for (const line of lines) {
    const trimmed = line.trim();
    if (/^WEBVTT\b/.test(trimmed) || /^(STYLE|REGION)\b/.test(trimmed)) continue;
    if (/^NOTE\b/.test(trimmed)) {
      inNote = true;
      continue;
    }
    if (!trimmed) {
      inNote = false;
      continue;
    }
    if (inNote || /^\d+$/.test(trimmed)) continue;
    if (TIMESTAMP.test(trimmed)) {
      // A long pause between cues starts a new paragraph; most cues continue the sentence.
      if (current.length && /[.!?]["”’]?$/.test(current.at(-1)!) && current.join(" ").length > 400) flush();
      continue;
    }
    const text = trimmed.replace(/<[^>]+>/g, "").replace(/\s+/g, " ").trim();
    if (text && text !== current.at(-1)) current.push(text);
  }
  flush();
  return paragraphs.join("\n\n");
}
