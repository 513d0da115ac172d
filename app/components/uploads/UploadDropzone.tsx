import { useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useId, useRef, useState, type DragEvent, type ReactNode } from "react";
import { UPLOAD_TOO_LARGE_MESSAGE } from "../../../core/enums";
import { CloseIcon, UploadIcon } from "../ui/icons";
import { formatBytes } from "~/lib/format";
import { fileProblem, uploadFile } from "./uploadFile";

interface Upload {
  key: string;
  name: string;
  size: number;
  progress: number;
  status: "uploading" | "done" | "failed";
  message?: string;
}

/** Files arrive one after another so a big one never starves the rest; each reports its own progress and error. */
function useUploads(workspaceId: number) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const revalidator = useRevalidator();
  const update = (key: string, change: Partial<Upload>) =>
    setUploads((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const start = useCallback(
    async (files: File[]) => {
      const queued = files.map((file) => ({
        file,
        item: {
          key: `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`,
          name: file.name,
          size: file.size,
          progress: 0,
          ...(fileProblem(file) ? { status: "failed" as const, message: fileProblem(file)! } : { status: "uploading" as const }),
        },
      }));
      setUploads((list) => [...queued.map(({ item }) => item), ...list]);
      for (const { file, item } of queued) {
        if (item.status === "failed") continue;
        try {
          await uploadFile({ workspaceId }, file, (progress) => update(item.key, { progress }));
          update(item.key, { status: "done", progress: 1 });
          revalidator.revalidate();
        } catch (error) {
          update(item.key, { status: "failed", message: error instanceof Error ? error.message : "The upload failed." });
        }
      }
    },
    [workspaceId, revalidator],
  );

  const dismiss = (key: string) => setUploads((list) => list.filter((item) => item.key !== key));
  return { uploads, start, dismiss };
}

/**
 * The Upload button (a file picker) and a drop target around the page's content: drop
 * files anywhere on it. Files over 50 MB or of a refused type fail here, before sending.
 */
export function UploadDropzone({ workspaceId, canUpload, children }: { workspaceId: number; canUpload: boolean; children: ReactNode }) {
  const { uploads, start, dismiss } = useUploads(workspaceId);
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes("Files");
  const onDragEnter = (event: DragEvent) => {
    if (!canUpload || !hasFiles(event)) return;
    depth.current += 1;
    setDragging(true);
  };
  const onDragLeave = () => {
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setDragging(false);
  };
  const onDrop = (event: DragEvent) => {
    if (!canUpload || !hasFiles(event)) return;
    event.preventDefault();
    depth.current = 0;
    setDragging(false);
    void start([...event.dataTransfer.files]);
  };

  return (
    <div
      className="upload-zone"
      data-dragging={dragging || undefined}
      onDragEnter={onDragEnter}
      onDragLeave={onDragLeave}
      onDragOver={(event) => canUpload && hasFiles(event) && event.preventDefault()}
      onDrop={onDrop}
    >
      {canUpload ? (
        <div className="upload-zone__bar">
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            multiple
            className="visually-hidden"
            // The button below is the way in (keyboard and pointer); the input only carries the files.
            aria-label="Files to upload"
            tabIndex={-1}
            onChange={(event) => {
              void start([...(event.target.files ?? [])]);
              event.target.value = "";
            }}
          />
          <button type="button" className="button button--primary" disabled={!ready} onClick={() => inputRef.current?.click()}>
            <UploadIcon aria-hidden="true" />
            Upload files
          </button>
          <span className="upload-zone__hint">or drop them here · up to 50 MB each</span>
        </div>
      ) : null}

      {uploads.length ? (
        <ul className="upload-progress" aria-label="Uploads in progress">
          {uploads.map((item) => (
            <li key={item.key} className="upload-progress__item" data-status={item.status}>
              <span className="upload-progress__name">{item.name}</span>
              <span className="upload-progress__size">{formatBytes(item.size)}</span>
              {item.status === "uploading" ? (
                <progress className="upload-progress__bar" max={1} value={item.progress} aria-label={`Uploading ${item.name}`} />
              ) : (
                <span className="upload-progress__status" role={item.status === "failed" ? "alert" : "status"}>
                  {item.status === "done" ? "Uploaded" : item.message === UPLOAD_TOO_LARGE_MESSAGE ? UPLOAD_TOO_LARGE_MESSAGE : `Not uploaded: ${item.message}`}
                </span>
              )}
              {item.status !== "uploading" ? (
                <button type="button" className="icon-button upload-progress__dismiss" aria-label={`Dismiss ${item.name}`} onClick={() => dismiss(item.key)}>
                  <CloseIcon width={16} height={16} />
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}

      {children}
      {dragging ? (
        <div className="upload-zone__overlay" aria-hidden="true">
          <UploadIcon width={32} height={32} />
          Drop to upload
        </div>
      ) : null}
    </div>
  );
}
