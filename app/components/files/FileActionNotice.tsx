import { useFetcher } from "@remix-run/react";
import { FILE_ROW_KEY } from "./FileList";
import type { FileActionResult } from "./types";

/** Announces what the last row action did ("Moved to the archive."), so a row that leaves the list is not a mystery. */
export function FileActionNotice() {
  const fetcher = useFetcher<FileActionResult>({ key: FILE_ROW_KEY });
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <p className="files-notice" role="status" data-visible={result?.ok ? true : undefined}>
      {result?.ok ? result.message : ""}
    </p>
  );
}
