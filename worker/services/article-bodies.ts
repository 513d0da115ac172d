import { markdownToDocument } from "../../core/document/markdown";
import { documentToPlainText } from "../../core/document/text";
import { emptyDocument, type SerializedDocument } from "../../core/document/types";
import { sanitizeDocument } from "../../core/document/validate";

export interface ArticleBody {
  body: SerializedDocument;
  bodyText: string;
  /** What the markdown conversion had to cut and what SPEC section 5's rules repaired. */
  warnings: string[];
}

/**
 * The stored body for an editor document or markdown (markdown wins when both are sent).
 * Every body goes through `sanitizeDocument`, so nothing section 5 refuses is ever stored.
 */
export function articleBody(input: { body?: SerializedDocument; markdown?: string }): ArticleBody {
  const converted =
    input.markdown !== undefined ? markdownToDocument(input.markdown) : { document: input.body ?? emptyDocument(), warnings: [] };
  const { document, issues } = sanitizeDocument(converted.document);
  return { body: document, bodyText: documentToPlainText(document), warnings: [...converted.warnings, ...issues] };
}
