import { markdownToDocument } from "../../core/document/markdown";
import { documentToPlainText } from "../../core/document/text";
import { emptyDocument, type SerializedDocument } from "../../core/document/types";
import { sanitizeDocument } from "../../core/document/validate";
import { HttpError } from "../lib/errors";

export interface ArticleBody {
  body: SerializedDocument;
  bodyText: string;
  /** What the markdown conversion had to cut and what SPEC section 5's rules repaired. */
  warnings: string[];
  /** The input field the body came from, named when it is refused (default "body"). */
  field?: "body" | "markdown";
}

/**
 * The stored body for an editor document or markdown (markdown wins when both are sent).
 * Every body goes through `sanitizeDocument`, so nothing section 5 refuses is ever stored.
 */
export function articleBody(input: { body?: SerializedDocument; markdown?: string }): ArticleBody {
  const converted =
    input.markdown !== undefined ? markdownToDocument(input.markdown) : { document: input.body ?? emptyDocument(), warnings: [] };
  const { document, issues } = sanitizeDocument(converted.document);
  return {
    body: document,
    bodyText: documentToPlainText(document),
    warnings: [...converted.warnings, ...issues],
    field: input.markdown !== undefined ? "markdown" : "body",
  };
}

/**
 * D1 stores at most 2,000,000 bytes in a row (SQLITE_TOOBIG past it). A document's row holds
 * its editor JSON and its plain text; this leaves room for the title and meta fields.
 */
export const MAX_STORED_BODY_BYTES = 1_900_000;

const utf8 = new TextEncoder();
const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/**
 * Refuses a body its row could not hold, before anything is written: 413 naming the field,
 * instead of the database's error as a 500. The document writers (articleCreator,
 * articleUpdater) call it, so every API save, room save, import, template and generation
 * draft passes it; copies duplicate a row that already fit.
 */
export function assertStorableBody(content: ArticleBody): void {
  const bytes = utf8.encode(JSON.stringify(content.body)).byteLength + utf8.encode(content.bodyText).byteLength;
  if (bytes <= MAX_STORED_BODY_BYTES) return;
  const field = content.field ?? "body";
  const reason = `is too large to store as a document (${megabytes(bytes)} with its text; at most ${megabytes(MAX_STORED_BODY_BYTES)})`;
  throw new HttpError(413, `${field}: ${reason}`, "document_too_large", { fields: { [field]: [reason] }, max_bytes: MAX_STORED_BODY_BYTES });
}
