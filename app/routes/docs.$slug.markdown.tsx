import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { exportDocument } from "~/lib/document-export.server";

/**
 * "Export markdown": a plain link downloads the file, with the page's cookies standing in
 * for the headers the browser client would send (GET /v1/articles/:id/markdown does the work).
 */
export const loader = ({ request, context, params }: LoaderFunctionArgs) => exportDocument(request, context, params.slug, "markdown");
