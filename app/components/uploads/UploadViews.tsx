import { Link } from "@remix-run/react";
import type { FileKind } from "../../../core/contracts/files";
import type { UploadJson } from "../../../worker/presenters/uploads";
import { DocIcon, FilesIcon, TrashIcon } from "../ui/icons";
import { formatBytes, formatDay } from "~/lib/format";

const KIND_LABELS: Record<FileKind, string> = { image: "Image", document: "Document", video: "Video", audio: "Audio", archive: "Archive" };

export const kindLabel = (file: UploadJson) => (file.kind ? KIND_LABELS[file.kind] : "File");

/** `/files/:id` streams the file with the page's cookie, so links and <img> work as they are. */
const fileHref = (file: UploadJson) => file.page_url;

interface ViewProps {
  files: UploadJson[];
  /** The same page with `?delete=<id>`, which opens the confirmation. */
  deleteHref: (file: UploadJson) => string;
}

function DeleteLink({ file, deleteHref }: { file: UploadJson; deleteHref: ViewProps["deleteHref"] }) {
  if (!file.policies?.["uploads.delete"]) return null;
  return (
    <Link to={deleteHref(file)} replace preventScrollReset className="icon-button upload-delete" aria-label={`Delete ${file.filename}`} title="Delete">
      <TrashIcon width={18} height={18} />
    </Link>
  );
}

/** list_view: one row per file with its type, size, owner and date. */
export function UploadsList({ files, deleteHref }: ViewProps) {
  return (
    <table className="uploads-table">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col" className="uploads-table__optional">Type</th>
          <th scope="col">Size</th>
          <th scope="col" className="uploads-table__optional">Owner</th>
          <th scope="col" className="uploads-table__optional">Modified</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {files.map((file) => (
          <tr key={file.id}>
            <th scope="row" className="uploads-table__name">
              <a href={fileHref(file)} target="_blank" rel="noreferrer">
                {file.kind === "image" ? <FilesIcon aria-hidden="true" /> : <DocIcon aria-hidden="true" />}
                <span>{file.filename}</span>
              </a>
            </th>
            <td className="uploads-table__optional">{kindLabel(file)}</td>
            <td>{formatBytes(file.size)}</td>
            <td className="uploads-table__optional">{file.uploaded_by?.name ?? "Former member"}</td>
            <td className="uploads-table__optional">{formatDay(file.updated_at)}</td>
            <td className="uploads-table__actions">
              <a href={fileHref(file)} download={file.filename} className="link-button">
                Download
              </a>
              <DeleteLink file={file} deleteHref={deleteHref} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** gallery_view: images as thumbnails, other files as a card with their kind. */
export function UploadsGallery({ files, deleteHref }: ViewProps) {
  return (
    <ul className="uploads-gallery">
      {files.map((file) => (
        <li key={file.id} className="uploads-gallery__item">
          <a href={fileHref(file)} target="_blank" rel="noreferrer" className="uploads-gallery__preview">
            {file.kind === "image" ? (
              <img src={fileHref(file)} alt={file.filename} loading="lazy" decoding="async" />
            ) : (
              <span className="uploads-gallery__kind">
                <DocIcon width={32} height={32} aria-hidden="true" />
                {kindLabel(file)}
              </span>
            )}
          </a>
          <div className="uploads-gallery__caption">
            <span className="uploads-gallery__name" title={file.filename}>
              {file.filename}
            </span>
            <span className="uploads-gallery__meta">
              {formatBytes(file.size)} · {formatDay(file.updated_at)}
            </span>
          </div>
          <DeleteLink file={file} deleteHref={deleteHref} />
        </li>
      ))}
    </ul>
  );
}
