import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { exportDocument } from "~/lib/document-export.server";

/** `/docs/:slug/pdf`: the document as a PDF download. */
export const loader = ({ request, context, params }: LoaderFunctionArgs) => exportDocument(request, context, params.slug, "pdf");
