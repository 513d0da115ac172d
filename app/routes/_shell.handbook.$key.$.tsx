import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useParams } from "@remix-run/react";
import { HandbookReader } from "~/components/handbooks/HandbookReader";
import { handbookDocument } from "~/components/handbooks/handbooks.server";
import { HandbooksErrorBoundary } from "~/components/handbooks/HandbooksErrorBoundary";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.document.title || "Untitled"} · Brandwork` : "Handbook · Brandwork" },
  { name: "robots", content: "noindex" },
];

/** `/handbook/:key/:docSlug`: one of the handbook's documents, read inside it. */
export const loader = ({ request, context, params }: LoaderFunctionArgs) => handbookDocument(request, context, params.key, params["*"]);

export default function HandbookDocumentPage() {
  const { document, previous, next } = useLoaderData<typeof loader>();
  const { key } = useParams();
  const href = (step: { title: string; slug: string } | null) => (step ? { title: step.title, href: `/handbook/${key}/${step.slug}` } : null);
  return (
    <HandbookReader
      key={document.id}
      title={document.title}
      slug={document.slug}
      body={document.body}
      canEdit={document.can_edit}
      previous={href(previous) ?? { title: "Cover page", href: `/handbook/${key}` }}
      next={href(next)}
    />
  );
}

export { HandbooksErrorBoundary as ErrorBoundary };
