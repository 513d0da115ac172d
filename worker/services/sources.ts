import { fileKindOf } from "../../core/contracts/files";
import type { ContentSource } from "../../core/contracts/knowledge";
import { transcriptToText } from "../../core/content/transcripts";
import type { Database } from "../db/client";
import { Invalid, NotFound } from "../lib/errors";
import type { Actor } from "../policies";
import { readableArticle, type PasswordFacts } from "./documents";
import { fetchPageText } from "./safe-fetch";
import { readStoredBytes, readStoredText } from "./storage";
import { readableUpload } from "./uploads";
import { ProviderError } from "./ai";
import { transcribe } from "./ai/transcribe";

/** Text files a source may be read from, and how much of them. */
const TEXT_TYPES = new Set(["text/plain", "text/markdown", "text/csv", "text/html"]);
const TRANSCRIPT_TYPES = new Set(["text/vtt", "application/x-subrip"]);
const MAX_FILE_BYTES = 2 * 1024 * 1024;
/** What speech-to-text is sent at most (the OpenAI transcription limit). */
const MAX_MEDIA_BYTES = 25 * 1024 * 1024;

export interface SourceText {
  title: string;
  text: string;
  url?: string;
  articleId?: number;
  uploadId?: number;
}

/** A 404 from a read check, as the 400 naming the body field that held the id. */
const notFoundAs = (field: string, what: string) => (error: unknown) => {
  throw error instanceof NotFound ? new Invalid(`That ${what} was not found`, { [field]: ["was not found"] }) : error;
};

/**
 * The text of a content source (SPEC: text, article, url, file), read as `actor`: a document
 * or an upload through the same read checks as their own routes (a protected document needs
 * its password), or a web page fetched safely. `field` names the request field in every refusal.
 */
export async function readSource(
  { db, env, request, actor }: { db: Database; env: Env; request: PasswordFacts; actor: Actor },
  source: ContentSource,
  field: string,
): Promise<SourceText> {
  switch (source.type) {
    case "text":
      return { title: source.title || source.text.split("\n")[0]!.slice(0, 80), text: source.text };
    case "article": {
      const { article } = await readableArticle(db, actor, source.article_id, request).catch(notFoundAs(`${field}.article_id`, "document"));
      return { title: article.title || "Untitled", text: article.bodyText, articleId: article.id };
    }
    case "url": {
      const page = await fetchPageText(source.url, { field: `${field}.url` });
      return { title: page.title, text: page.text, url: page.url };
    }
    case "file": {
      const { upload } = await readableUpload(db, actor, source.upload_id).catch(notFoundAs(`${field}.upload_id`, "file"));
      const kind = fileKindOf(upload.contentType);
      if (kind === "audio" || kind === "video") {
        const bytes = await readStoredBytes(env, upload, MAX_MEDIA_BYTES);
        if (bytes === null) throw new Invalid("That recording is too large to transcribe (at most 25 MB); upload a transcript instead", { [`${field}.upload_id`]: ["is too large"] });
        try {
          return { title: upload.filename, text: await transcribe(env, bytes, upload.filename, upload.contentType), uploadId: upload.id };
        } catch (error) {
          if (error instanceof ProviderError) throw new Invalid(error.message, { [`${field}.upload_id`]: ["could not be transcribed"] });
          throw error;
        }
      }
      if (!TEXT_TYPES.has(upload.contentType) && !TRANSCRIPT_TYPES.has(upload.contentType)) {
        throw new Invalid("Only text, markdown, CSV, HTML or transcript (.vtt, .srt) files can be read", { [`${field}.upload_id`]: ["is not a text file"] });
      }
      const text = await readStoredText(env, upload, MAX_FILE_BYTES);
      if (text === null) throw new Invalid("That file is too large to read (at most 2 MB)", { [`${field}.upload_id`]: ["is too large"] });
      const transcript = TRANSCRIPT_TYPES.has(upload.contentType) || /\.(vtt|srt)$/i.test(upload.filename);
      return { title: upload.filename, text: transcript ? transcriptToText(text) : text, uploadId: upload.id };
    }
  }
}
