import { useMemo } from "react";
import { markdownToDocument } from "../../../core/document/markdown";
import { sanitizeDocument } from "../../../core/document/validate";
import { DocumentView } from "../document/DocumentView";

/**
 * Generated markdown as the document it becomes: the same conversion and sanitising the
 * Worker applies when it stores the draft (articleBody), then the read-only renderer, so
 * the preview shows headings and bold text, never `#` or `**`, and no unsafe link survives.
 */
export function DraftPreview({ markdown, label }: { markdown: string; label: string }) {
  const document = useMemo(() => sanitizeDocument(markdownToDocument(markdown).document).document, [markdown]);
  return (
    <div className="generation__text generation__text--rendered" role="region" aria-label={label} tabIndex={0}>
      <DocumentView document={document} />
    </div>
  );
}
