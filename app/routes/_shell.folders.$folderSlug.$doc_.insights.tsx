import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { InsightsErrorBoundary } from "~/components/insights/InsightsErrorBoundary";

/**
 * `/folders/:folderSlug/:doc/insights`: a document's insights reached from its folder, at the
 * document's own address, as `/folders/:folderSlug/:doc` opens the document at `/docs/:doc`
 * (the folder's layout has already checked the person may open the folder).
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  throw redirect(`/docs/${encodeURIComponent(params.doc ?? "")}/insights${new URL(request.url).search}`);
}

export { InsightsErrorBoundary as ErrorBoundary };
