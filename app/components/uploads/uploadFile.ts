import { fileKindOf, uploadProblem } from "../../../core/contracts/files";
import type { UploadJson } from "../../../worker/presenters/uploads";
import { api, ApiError } from "~/lib/api";
import { apiBase, clientEnv } from "~/lib/client-env";

// Sends one file the way the API asks: an upload link first (where the size and type are
// checked), then the bytes straight to it with XMLHttpRequest, whose upload events give a
// progress bar that fetch cannot.

interface UploadLink {
  id: number;
  upload_url: string;
  method: string;
  headers: Record<string, string>;
}

/** Browsers leave some types blank (Markdown on most systems); the extension tells. */
const BY_EXTENSION: Record<string, string> = {
  md: "text/markdown",
  markdown: "text/markdown",
  csv: "text/csv",
  txt: "text/plain",
  vtt: "text/vtt",
  srt: "application/x-subrip",
  zip: "application/zip",
  svg: "image/svg+xml",
  webp: "image/webp",
  avif: "image/avif",
};

export function contentTypeOf(file: Pick<File, "name" | "type">): string {
  if (file.type && fileKindOf(file.type)) return file.type;
  return BY_EXTENSION[file.name.split(".").pop()?.toLowerCase() ?? ""] ?? file.type;
}

/** The reason this file can't be uploaded, checked before a byte is sent; null when it can. */
export const fileProblem = (file: File) => uploadProblem({ size: file.size, type: contentTypeOf(file) });

/** Where an upload belongs: loose in a workspace, or attached to a document (its readers may read it). */
export type UploadTarget = { workspaceId: number } | { articleId: number; password?: string | null };

export async function uploadFile(target: UploadTarget, file: File, onProgress: (fraction: number) => void): Promise<UploadJson> {
  const problem = fileProblem(file);
  if (problem) throw new Error(problem);
  const contentType = contentTypeOf(file);
  const { data: link } = await api.post<{ data: UploadLink }>(
    "/files/upload_url",
    {
      filename: file.name,
      content_type: contentType,
      size: file.size,
      ...("articleId" in target ? { article_id: target.articleId } : { workspace_id: target.workspaceId }),
    },
    { articlePassword: "articleId" in target ? target.password : undefined },
  );
  const url = new URL(link.upload_url, apiBase(clientEnv()?.API_BASE, location.origin));
  return new Promise<UploadJson>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(link.method, url);
    for (const [name, value] of Object.entries(link.headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // not JSON: the status says enough
      }
      if (request.status >= 200 && request.status < 300) resolve((body as { data: UploadJson }).data);
      else reject(new ApiError(request.status, body));
    };
    request.onerror = () => reject(new Error("The upload was interrupted. Check your connection and try again."));
    request.send(file);
  });
}
