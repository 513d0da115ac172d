/**
 * Turns what people paste into an "add members" box into addresses: separated by commas,
 * semicolons, spaces or new lines, and "Jane Doe <jane@example.com>" as copied from a mail
 * client. Duplicates (ignoring case) are dropped; checking each address is the API's job,
 * so a typo comes back as that address's field error.
 */
export function parseEmailList(text: string): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const add = (candidate: string) => {
    const email = candidate.trim().replace(/^mailto:/i, "").replace(/^[<("']+|[>)"'.]+$/g, "");
    if (!email || seen.has(email.toLowerCase())) return;
    seen.add(email.toLowerCase());
    found.push(email);
  };
  for (const entry of text.split(/[,;\n]+/)) {
    const bracketed = entry.match(/<([^<>\s]+@[^<>\s]+)>/);
    if (bracketed) add(bracketed[1]!);
    else entry.split(/\s+/).forEach(add);
  }
  return found;
}

/** The API names a bad address by its place in the list ("emails.2"); say which address it was. */
export function emailErrors(emails: string[], fields: Record<string, string[]>): string[] {
  return Object.entries(fields).flatMap(([key, messages]) => {
    const index = /^\d+$/.test(key) ? Number(key) : null;
    const subject = index !== null && emails[index] ? `“${emails[index]}”` : "The list";
    return messages.map((message) => `${subject} ${message}`);
  });
}
