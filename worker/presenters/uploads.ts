import { fileKindOf, type UploadOut } from "../../core/contracts/files";
import type { Upload, User } from "../db/schema";
import { presentPolicies, type Actor, type UploadResource } from "../policies";
import { iso, presentUserCard } from "./users";

/** An uploaded file. `url` needs the API's auth header; `page_url` works with the page's cookie (for <img>). */
export function presentUpload(upload: Upload, uploader: User | null = null, policies?: { actor: Actor; resource: UploadResource }): UploadOut {
  return {
    id: upload.id,
    filename: upload.filename,
    content_type: upload.contentType,
    kind: fileKindOf(upload.contentType),
    size: upload.size,
    status: upload.status,
    workspace_id: upload.workspaceId,
    article_id: upload.articleId,
    folder_id: upload.folderId,
    uploaded_by_id: upload.uploadedById,
    uploaded_by: uploader ? presentUserCard(uploader) : null,
    url: `/v1/files/${upload.id}/content`,
    page_url: `/files/${upload.id}`,
    created_at: iso(upload.createdAt),
    updated_at: iso(upload.updatedAt),
    ...(policies ? { policies: presentPolicies(policies.actor, ["uploads.delete"], policies.resource) } : {}),
  };
}

export type UploadJson = UploadOut;
