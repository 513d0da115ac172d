import { $createLinkNode, type LinkNode } from "@lexical/link";
import { isSafeUrl } from "../document/links";

/** SPEC section 3: links open in a new tab unless told otherwise. */
export const LINK_TARGET = "_blank";
export const LINK_REL = "noopener noreferrer";

/**
 * A link with the document's defaults (target _blank). A URL with a refused scheme
 * (SPEC section 5: javascript, vbscript, file, most data) becomes an empty URL, so it
 * renders as nothing and is never stored.
 */
export function $createDocumentLinkNode(url: string, title: string | null = null): LinkNode {
  return $createLinkNode(isSafeUrl(url) ? url : "", { target: LINK_TARGET, rel: LINK_REL, title });
}
