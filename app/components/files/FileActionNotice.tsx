import { useFetcher, useSearchParams } from "@remix-run/react";
import { FILE_ROW_KEY } from "./FileList";
import type { FileActionResult } from "./types";

/**
 * Announces what the last action did ("Moved to the archive."), so a row that leaves the
 * list is not a mystery: a row action on this page, or `?archived=<title>` from a document
 * that was archived on its own screen and sent the reader here.
 */
export function FileActionNotice() {
  const fetcher = useFetcher<FileActionResult>({ key: FILE_ROW_KEY });
  const [params] = useSearchParams();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const archivedTitle = params.get("archived");
  const message = result?.ok ? result.message : archivedTitle ? `“${archivedTitle || "Untitled"}” was moved to the archive.` : "";
  return (
    <p className="files-notice" role="status" data-visible={message ? true : undefined}>
      {message}
    </p>
  );
}
