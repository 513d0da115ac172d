/**
 * A post's first draft from a document (its plain-text projection): its title, then as many opening lines as fit in
 * `max` characters, the last one cut at a sentence end (never mid-word). The composer's
 * per-network counters and checks take it from there.
 */
export function postTextFrom(title: string, bodyText: string, max = 500) {
  // The plain-text projection holds one line per paragraph, heading and list item.
  const opening = bodyText
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && line !== title.trim());
  let text = title.trim();
  for (const paragraph of opening) {
    const next = text ? `${text}\n\n${paragraph}` : paragraph;
    if (next.length <= max) {
      text = next;
      continue;
    }
    const room = max - (text ? text.length + 2 : 0);
    const sentences = paragraph.match(/[^.!?]+[.!?]+(\s|$)/g) ?? [];
    let cut = "";
    for (const sentence of sentences) {
      if ((cut + sentence).trim().length > room) break;
      cut += sentence;
    }
    if (cut.trim()) text = text ? `${text}\n\n${cut.trim()}` : cut.trim();
    break;
  }
  return text;
}
