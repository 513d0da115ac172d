/** `words-of-a-title`: lower-case ASCII words joined by dashes, at most 80 characters. */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}

/** `words-of-the-title-<id>`: the id is the last dash-separated segment, so old slugs keep resolving after a rename. */
export function articleSlug(title: string, id: number): string {
  const words = slugify(title);
  return words ? `${words}-${id}` : String(id);
}

/** The id inside a slug (or a bare id); null when there is none. */
export function idFromSlug(slug: string): number | null {
  const match = /(?:^|-)(\d+)$/.exec(slug);
  return match ? Number(match[1]) : null;
}
