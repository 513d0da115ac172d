/**
 * The one URL rule for links and image sources (SPEC section 5): the schemes javascript,
 * vbscript, file and data are refused, except data images of type gif, png, jpeg or webp.
 * Everything else, relative addresses included, is allowed. The markdown and HTML importers,
 * the document schema and the editor all call this, so they can never disagree.
 */

const REFUSED_SCHEMES = new Set(["javascript", "vbscript", "file", "data"]);
const SAFE_DATA_IMAGE = /^data:image\/(?:gif|png|jpeg|webp)[;,]/i;

// Browsers drop ASCII tabs and newlines anywhere in a URL and trim leading C0 controls and
// spaces, so "java\tscript:" and " javascript:" still run script: look at what they would see.
const STRIPPED_ANYWHERE = /[\t\n\r]/g;
// eslint-disable-next-line no-control-regex
const STRIPPED_LEADING = /^[\u0000-\u0020]+/;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** Whether `url` may be used as a link target or an image source. */
export function isSafeUrl(url: string): boolean {
  const seen = url.replace(STRIPPED_ANYWHERE, "").replace(STRIPPED_LEADING, "");
  const scheme = SCHEME.exec(seen)?.[1]?.toLowerCase();
  if (scheme === undefined || !REFUSED_SCHEMES.has(scheme)) return true;
  return scheme === "data" && SAFE_DATA_IMAGE.test(seen);
}
