import type { LinksFunction } from "@remix-run/cloudflare";
import branchStyles from "~/styles/branches.css?url";
import docStyles from "~/styles/doc.css?url";
import documentStyles from "~/styles/document.css?url";

/** The branch pages' stylesheets (the document view shows a branch's or a version's words). */
export const branchLinks: LinksFunction = () => [
  { rel: "stylesheet", href: docStyles },
  { rel: "stylesheet", href: documentStyles },
  { rel: "stylesheet", href: branchStyles },
];
