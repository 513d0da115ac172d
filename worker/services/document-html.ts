import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { DocumentView } from "../../app/components/document/DocumentView";
import type { SerializedDocument } from "../../core/document/types";

/**
 * A document's body as HTML for another site (a WordPress post, a Webflow rich-text field):
 * the same renderer as the public pages (DocumentView), as static markup. Addresses relative
 * to this app (an uploaded image's `/files/:id`) are made absolute, since they mean nothing
 * on the other site.
 */
export function documentHtml(body: SerializedDocument, origin: string): string {
  const html = renderToStaticMarkup(createElement(DocumentView, { document: body }));
  return html.replace(/(\s(?:src|href))="\/(?!\/)/g, `$1="${origin.replace(/\/+$/, "")}/`);
}
