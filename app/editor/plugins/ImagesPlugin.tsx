import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { $insertNodeToNearestRoot, mergeRegister } from "@lexical/utils";
import { COMMAND_PRIORITY_EDITOR, COMMAND_PRIORITY_HIGH, DRAGOVER_COMMAND, DROP_COMMAND, PASTE_COMMAND } from "lexical";
import { useCallback, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { $createDownloadNode } from "../../../core/editor/nodes/DownloadNode";
import { $createImageNode } from "../../../core/editor/nodes/ImageNode";
import { fileProblem, uploadFile } from "~/components/uploads/uploadFile";
import { ApiError } from "~/lib/api";
import { INSERT_IMAGE_COMMAND, UPLOAD_FILES_COMMAND } from "../commands";
import { ImageDialog } from "../dialogs/ImageDialog";

interface Upload {
  id: number;
  name: string;
  progress: number;
  error: string | null;
}

/** The image's natural size, so the document keeps nativeWidth and nativeHeight (SPEC section 3). */
function naturalSize(src: string): Promise<{ nativeWidth?: number; nativeHeight?: number }> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve({ nativeWidth: image.naturalWidth || undefined, nativeHeight: image.naturalHeight || undefined });
    image.onerror = () => resolve({});
    image.src = src;
  });
}

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : error instanceof Error && error.message ? error.message : "The upload failed. Try again.";

let nextUpload = 1;

/**
 * Images and files into the document: the image dialog (upload or address), paste and
 * drop of files. Files go to R2 attached to this document (so its readers can see them);
 * each upload shows its progress and, if it fails, why (over 50 MB, unsupported type).
 * Images become image blocks with their natural size; other files become downloads.
 */
export function ImagesPlugin({ articleId, password }: { articleId: number; password: string | null }) {
  const [editor] = useLexicalComposerContext();
  const [dialog, setDialog] = useState(false);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const live = useRef(true);
  useEffect(() => () => void (live.current = false), []);

  const patch = (id: number, change: Partial<Upload>) => live.current && setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...change } : u)));

  const upload = useCallback(
    (files: File[]) => {
      for (const file of files) {
        const id = nextUpload++;
        const problem = fileProblem(file);
        setUploads((list) => [...list, { id, name: file.name, progress: 0, error: problem }]);
        if (problem) continue;
        uploadFile({ articleId, password }, file, (progress) => patch(id, { progress }))
          .then(async (stored) => {
            const src = stored.page_url;
            if (stored.content_type.startsWith("image/")) {
              const size = await naturalSize(src);
              editor.update(() => void $insertNodeToNearestRoot($createImageNode({ src, alt: "", mediaFileId: String(stored.id), source: "upload", ...size })));
            } else {
              editor.update(() => void $insertNodeToNearestRoot($createDownloadNode({ url: src, title: stored.filename, format: stored.filename.split(".").pop() })));
            }
            if (live.current) setUploads((list) => list.filter((u) => u.id !== id));
          })
          .catch((error: unknown) => patch(id, { error: messageOf(error) }));
      }
    },
    [articleId, password, editor],
  );

  useEffect(
    () =>
      mergeRegister(
        editor.registerCommand(
          INSERT_IMAGE_COMMAND,
          (payload) => {
            if (!payload) setDialog(true);
            else $insertNodeToNearestRoot($createImageNode({ src: payload.src, alt: payload.alt ?? "", mediaFileId: payload.mediaFileId }));
            return true;
          },
          COMMAND_PRIORITY_EDITOR,
        ),
        editor.registerCommand(UPLOAD_FILES_COMMAND, (files) => (upload(files), true), COMMAND_PRIORITY_EDITOR),
        editor.registerCommand(
          PASTE_COMMAND,
          (event) => {
            const files = event instanceof ClipboardEvent ? [...(event.clipboardData?.files ?? [])] : [];
            if (files.length === 0) return false;
            event.preventDefault();
            upload(files);
            return true;
          },
          COMMAND_PRIORITY_HIGH,
        ),
        editor.registerCommand(
          DRAGOVER_COMMAND,
          (event) => {
            if (!event.dataTransfer?.types.includes("Files")) return false;
            event.preventDefault();
            return true;
          },
          COMMAND_PRIORITY_HIGH,
        ),
        editor.registerCommand(
          DROP_COMMAND,
          (event) => {
            const files = [...(event.dataTransfer?.files ?? [])];
            if (files.length === 0) return false;
            event.preventDefault();
            upload(files);
            return true;
          },
          COMMAND_PRIORITY_HIGH,
        ),
      ),
    [editor, upload],
  );

  const surface = editor.getRootElement()?.parentElement;
  return (
    <>
      {dialog ? (
        <ImageDialog
          onClose={() => setDialog(false)}
          onUpload={(files) => {
            setDialog(false);
            upload(files);
          }}
          onUrl={(src, alt) => {
            setDialog(false);
            void naturalSize(src).then((size) => editor.update(() => void $insertNodeToNearestRoot($createImageNode({ src, alt, source: "url", ...size }))));
          }}
        />
      ) : null}
      {uploads.length > 0 && surface
        ? createPortal(
            <ul className="ed-uploads" aria-label="Uploads" aria-live="polite">
              {uploads.map((item) => (
                <li key={item.id} className="ed-uploads__item" data-failed={item.error ? true : undefined}>
                  <span className="ed-uploads__name">{item.name}</span>
                  {item.error ? (
                    <>
                      <span className="ed-uploads__error" role="alert">
                        {item.error}
                      </span>
                      <button type="button" className="link-button" onClick={() => setUploads((list) => list.filter((u) => u.id !== item.id))}>
                        Dismiss
                      </button>
                    </>
                  ) : (
                    <progress max={1} value={item.progress} aria-label={`Uploading ${item.name}`} />
                  )}
                </li>
              ))}
            </ul>,
            surface,
          )
        : null}
    </>
  );
}
