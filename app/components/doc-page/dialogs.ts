/** The dialogs the document screen opens by URL (`?share`, `?move`, …), so Back closes them. */
export const DOC_DIALOGS = ["share", "move", "publish", "website", "password", "transfer", "archive", "seo"] as const;
export type DocDialog = (typeof DOC_DIALOGS)[number];

/** The page's address with one dialog open (and no other). */
export function dialogHref(location: { pathname: string; search: string }, name: DocDialog) {
  const query = new URLSearchParams(location.search);
  for (const other of DOC_DIALOGS) query.delete(other);
  const rest = query.toString();
  return `${location.pathname}?${rest ? `${rest}&` : ""}${name}`;
}

/** The dialog the address opens, if any. */
export function openDialog(search: string): DocDialog | null {
  const query = new URLSearchParams(search);
  return DOC_DIALOGS.find((name) => query.has(name)) ?? null;
}
