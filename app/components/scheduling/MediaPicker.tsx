import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { MediaItem } from "../../../core/publishing/rules";
import type { UploadJson } from "../../../worker/presenters/uploads";
import { api, ApiError } from "~/lib/api";
import { formatBytes } from "~/lib/format";

/** What the composer needs of a chosen file: its id for the API, and what the limits check reads. */
export interface ChosenMedia extends MediaItem {
  id: number;
  href: string;
}

export const toChosen = (file: UploadJson): ChosenMedia => ({
  id: file.id,
  kind: file.kind === "video" ? "video" : "image",
  bytes: file.size,
  name: file.filename,
  href: file.page_url,
});

/**
 * Picks a post's images and videos from the workspace's uploads (the same read check as
 * their own pages: the API lists only what the person may open). Order is the order picked.
 */
export function MediaPicker({ workspaceId, chosen, onChange }: { workspaceId: number; chosen: ChosenMedia[]; onChange: (media: ChosenMedia[]) => void }) {
  const [open, setOpen] = useState(false);
  const [files, setFiles] = useState<UploadJson[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!open || files) return;
    let cancelled = false;
    Promise.all(
      (["image", "video"] as const).map((type) =>
        api.get<{ data: UploadJson[] }>(`/w/${workspaceId}/uploads`, { query: { type, sort: "last_modified_desc", per_page: "100" } }),
      ),
    )
      .then((lists) => !cancelled && setFiles(lists.flatMap((list) => list.data).filter((file) => file.status === "stored")))
      .catch((failure: unknown) => !cancelled && setProblem(failure instanceof ApiError ? failure.problem.message : "The files could not be listed. Try again."));
    return () => {
      cancelled = true;
    };
  }, [open, files, workspaceId]);

  const isChosen = (id: number) => chosen.some((item) => item.id === id);
  const toggle = (file: UploadJson) => onChange(isChosen(file.id) ? chosen.filter((item) => item.id !== file.id) : [...chosen, toChosen(file)]);

  return (
    <div className="media-picker">
      <div className="media-picker__chosen">
        <span className="field__label">Media</span>
        {chosen.length === 0 ? <span className="muted">None</span> : null}
        {chosen.map((item) => (
          <span key={item.id} className="media-chip">
            {item.kind === "image" ? <img src={item.href} alt="" loading="lazy" decoding="async" /> : <span aria-hidden="true">▶</span>}
            <span className="media-chip__name">{item.name}</span>
            <button type="button" className="link-button" onClick={() => onChange(chosen.filter((other) => other.id !== item.id))}>
              Remove<span className="visually-hidden"> {item.name}</span>
            </button>
          </span>
        ))}
        <button type="button" className="button" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
          {open ? "Done choosing" : "Add images or videos"}
        </button>
      </div>
      {open ? (
        <div className="media-picker__list" role="group" aria-label="Uploaded images and videos">
          {problem ? <p className="field__error">{problem}</p> : null}
          {!files && !problem ? <p className="muted">Loading your uploads…</p> : null}
          {files?.length === 0 ? (
            <p className="muted">
              No images or videos yet. <Link to={`/workspaces/${workspaceId}/uploads`}>Upload some</Link>, then come back to add them.
            </p>
          ) : null}
          {files?.map((file) => (
            <button key={file.id} type="button" className="media-option" aria-pressed={isChosen(file.id)} onClick={() => toggle(file)}>
              {file.kind === "image" ? <img src={file.page_url} alt="" loading="lazy" decoding="async" /> : <span className="media-option__video" aria-hidden="true">▶</span>}
              <span className="media-option__name">{file.filename}</span>
              <span className="muted">{formatBytes(file.size)}</span>
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
