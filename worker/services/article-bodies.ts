import { markdownToDocument } from "../../core/document/markdown";
import { documentToPlainText } from "../../core/document/text";
import { emptyDocument, type SerializedDocument } from "../../core/document/types";

export interface ArticleBody {
  body: SerializedDocument;
  bodyText: string;
  /** What the markdown conversion had to cut (hostile or oversized input). */
  warnings: string[];
}

/** The stored body for an editor document or markdown (markdown wins when both are sent). */
export function articleBody(input: { body?: SerializedDocument; markdown?: string }): ArticleBody {
  if (input.markdown !== undefined) {
    const { document, warnings } = markdownToDocument(input.markdown);
    return { body: document, bodyText: documentToPlainText(document), warnings };
  }
  const body = input.body ?? emptyDocument();
  return { body, bodyText: documentToPlainText(body), warnings: [] };
}
