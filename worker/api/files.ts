import { and, eq } from "drizzle-orm";
import { count } from "../../core/counting";
import type { Context } from "hono";
import { idParam, workspaceParam } from "../../core/contracts/common";
import * as z from "zod";
import { deletedOut } from "../../core/contracts/articles";
import { fileKindOf, listUploadsQuery, UPLOAD_CONTENT_TYPES, uploadContentQuery, uploadListOut, uploadOut, uploadUrlOut, uploadUrlSchema } from "../../core/contracts/files";
import { describeRoute } from "hono-openapi";
import { liveGrant } from "../auth/api-keys";
import { publicRoute } from "../openapi/public-route";
import { pagedList } from "../lib/list-page";
import { MAX_UPLOAD_BYTES, UPLOAD_TOO_LARGE_MESSAGE } from "../../core/enums";
import { signScopedToken, verifyScopedToken } from "../auth/scoped-tokens";
import { uploadCreator, uploadDeleter, uploadStorer } from "../commands/uploadCommands";
import { articles, folders, uploads } from "../db/schema";
import { createApp, type AppEnv } from "../lib/create-app";
import { Conflict, Forbidden, HttpError, Invalid, NotFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireSession } from "../middleware/session";
import { requireWorkspace, resolveActor } from "../middleware/workspace";
import { authorize, can, type Actor } from "../policies";
import { presentUpload } from "../presenters/uploads";
import { articleAccess, folderAccess, viewerFor } from "../services/access";
import { serveStored } from "../services/storage";
import { loadUpload, readableUploadFor, UPLOAD_KEYSETS, uploadKeyOf, uploaderOf, windowOfUploads } from "../services/uploads";
import { commandContext } from "./articles";

/** An upload link is good for this long after it is handed out. */
const UPLOAD_TOKEN_TTL_SECONDS = 15 * 60;

const tooLarge = () => new HttpError(413, UPLOAD_TOO_LARGE_MESSAGE, "too_large", { max_bytes: MAX_UPLOAD_BYTES });

const unsupportedType = (contentType: string) =>
  new HttpError(415, `Files of type ${contentType || "(none)"} can't be uploaded. Upload images, PDFs, text, Office documents, zip, video or audio files.`, "unsupported_media_type", {
    allowed: Object.keys(UPLOAD_CONTENT_TYPES),
  });

const requester = (c: Context<AppEnv>) => {
  const { user, apiKey } = c.get("session");
  return { user, apiKey, superAdminHeader: c.req.header("x-superadmin-workspace-id") };
};

/** The workspace an upload goes to: X-Workspace-Id (already resolved by requireSession) or `workspace_id`. */
async function uploadingActor(c: Context<AppEnv>, workspaceId: number | undefined): Promise<Actor> {
  const actor = c.get("actor");
  if (workspaceId === undefined || workspaceId === actor?.workspaceId) {
    if (!actor) throw new Invalid("Name the workspace with X-Workspace-Id or workspace_id", { workspace_id: ["is required"] });
    return actor;
  }
  return (await resolveActor(c.get("db"), c.get("session"), workspaceId, c.req.header("x-superadmin-workspace-id"))).actor;
}

/** The actor may upload into what the file will be attached to: edit access on it, or (loose) membership. */
async function authorizeAttachment(c: Context<AppEnv>, actor: Actor, articleId: number | null, folderId: number | null) {
  const db = c.get("db");
  const viewer = viewerFor(actor);
  if (articleId) {
    const [article] = await db.select().from(articles).where(and(eq(articles.id, articleId), eq(articles.workspaceId, actor.workspaceId)));
    if (!article) throw new NotFound("Document not found");
    authorize(actor, "uploads.create", { level: (await articleAccess(db, viewer, article)).level });
  }
  if (folderId) {
    const [folder] = await db.select().from(folders).where(and(eq(folders.id, folderId), eq(folders.workspaceId, actor.workspaceId)));
    if (!folder) throw new NotFound("Folder not found");
    authorize(actor, "uploads.create", { level: (await folderAccess(db, viewer, folder)).level });
  }
  if (!articleId && !folderId) authorize(actor, "uploads.create");
}

/**
 * Uploads to R2: ask for an upload link, PUT the bytes to it (streamed, never over 50 MB),
 * then read them back only as someone who may, with private caching and ETags.
 */
export const filesApi = createApp()
  .post(
    "/files/upload_url",
    publicRoute({
      scope: "write",
      tag: "Uploads",
      summary: "Start an upload",
      description:
        "An upload in two steps. This announces the file (name, type, size; at most 50 MB) and answers a one-time `upload_url`, good for 15 minutes; then PUT the file's bytes (exactly `size` of them, with that `Content-Type`) to that URL: the token in it is the credential, so that request needs no Authorization header, and a link started with a key stops working when the key is revoked. The answer to the PUT is the stored upload. Attach it to a document or folder the caller may edit with `article_id` or `folder_id`; a loose file is the workspace's. A workspace key uploads into its own workspace; a personal token names it with `workspace_id` or `X-Workspace-Id`.",
      response: uploadUrlOut,
      status: 201,
      errors: [402, 404, 413],
      example: { body: { filename: "spring-menu.txt", content_type: "text/plain", size: 21 } },
    }),
    // 415 for a type that can't be uploaded, beside publicRoute's answers.
    describeRoute({ responses: { 415: { description: "A type of file that can't be uploaded (`allowed` lists those that can)", content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } } } }),
    requireSession,
    validate("json", uploadUrlSchema),
    async (c) => {
    const input = c.req.valid("json");
    const actor = await uploadingActor(c, input.workspace_id);
    await authorizeAttachment(c, actor, input.article_id ?? null, input.folder_id ?? null);
    if (input.size > MAX_UPLOAD_BYTES) throw tooLarge();
    if (!fileKindOf(input.content_type)) throw unsupportedType(input.content_type);

    const upload = await uploadCreator(c.get("db"), c.env, {
      actor,
      input: {
        filename: input.filename,
        contentType: input.content_type,
        size: input.size,
        articleId: input.article_id ?? null,
        folderId: input.folder_id ?? null,
      },
    });
    // A key's upload link names the key, so sending the bytes acts as the key (its own user has no membership).
    const grant = c.get("session").apiKey;
    const { token, expiresAt } = await signScopedToken(c.env, "upload", {
      subject: String(upload.id),
      claims: { ws: actor.workspaceId, uid: actor.userId, ...(grant && { key: grant.id }) },
      ttlSeconds: UPLOAD_TOKEN_TTL_SECONDS,
    });
    return c.json(
      {
        data: {
          id: upload.id,
          upload_url: `/v1/files/${upload.id}/content?token=${encodeURIComponent(token)}`,
          method: "PUT",
          headers: { "Content-Type": upload.contentType },
          expires_at: expiresAt.toISOString(),
          file: presentUpload(upload),
        },
      },
      201,
    );
    },
  )

  // The upload link's token is the credential here (browsers PUT straight to it), bound to this one
  // upload; no key is involved, so the route is not among the key's public routes: upload_url's
  // description in the reference says how to send the bytes.
  .put(
    "/files/:id/content",
    validate("param", idParam),
    validate("query", uploadContentQuery),
    async (c) => {
    const db = c.get("db");
    const { id } = c.req.valid("param");
    const claims = await verifyScopedToken(c.env, "upload", c.req.valid("query").token);
    if (claims.sub !== String(id)) throw new Forbidden("This upload link is for another file");
    const [upload] = await db.select().from(uploads).where(eq(uploads.id, id));
    if (!upload || upload.workspaceId !== claims.ws || upload.uploadedById !== claims.uid) throw new Forbidden("This upload link is for another file");
    if (upload.status === "stored") throw new Conflict("This file has already been uploaded");
    // The uploader must still belong to the workspace; through a key, the key must still be live.
    const grant = typeof claims.key === "number" ? await liveGrant(db, claims.key) : undefined;
    const { actor } = await resolveActor(db, { user: { id: upload.uploadedById!, isSuperAdmin: false }, apiKey: grant }, upload.workspaceId, undefined);

    // Everything about the size is decided from the headers, before a byte of the body is read
    // (what a refused body leaves unread is dropped before the answer: lib/refused-body).
    const declared = c.req.header("Content-Length");
    if (!declared || !/^\d+$/.test(declared) || !c.req.raw.body) {
      throw new HttpError(411, "Send the file with a Content-Length header", "length_required");
    }
    const length = Number(declared);
    if (length > MAX_UPLOAD_BYTES) throw tooLarge();
    if (length > upload.size) throw new HttpError(413, `The file is larger than the ${count(upload.size, "byte")} announced for it`, "size_mismatch", { size: upload.size });
    if (length < upload.size) throw new Invalid(`The file is smaller than the ${count(upload.size, "byte")} announced for it`, { size: [`must be ${count(upload.size, "byte")}`] });

    const stored = await uploadStorer(db, c.env, { context: commandContext(c, actor), upload, body: c.req.raw.body });
    return c.json({ data: presentUpload(stored) });
    },
  )

  .get(
    "/files/:id",
    publicRoute({
      scope: "read",
      tag: "Uploads",
      summary: "Get a file",
      description: "A file's details (`status` says whether its bytes have arrived). A file still pending is visible only to whoever started the upload.",
      response: z.object({ data: uploadOut }),
      errors: [404],
      example: { params: { id: "$upload" } },
    }),
    requireSession,
    validate("param", idParam),
    async (c) => {
    const { actor, upload, resource } = await loadUpload(c.get("db"), requester(c), c.req.valid("param").id, { pending: true });
    // Someone who may not read the file learns nothing about it, not even that it exists.
    if (!can(actor, "uploads.read", resource)) throw new NotFound("File not found");
    return c.json({ data: presentUpload(upload, await uploaderOf(c.get("db"), upload), { actor, resource }) });
    },
  )

  .get(
    "/files/:id/content",
    publicRoute({
      scope: "read",
      tag: "Uploads",
      summary: "Download a file",
      description: "The stored bytes, with the file's `Content-Type`, an `ETag` (send `If-None-Match` for a 304) and private caching.",
      response: null,
      errors: [404],
      example: { params: { id: "$upload" } },
    }),
    // The answer is the file itself: this replaces publicRoute's empty 200 (later specs win).
    describeRoute({ responses: { 200: { description: "The file's bytes", content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } } } } }),
    requireSession,
    validate("param", idParam),
    async (c) => {
    const { upload } = await readableUploadFor(c.get("db"), requester(c), c.req.valid("param").id);
    return serveStored(c.env, upload, c.req.raw);
    },
  )

  .delete(
    "/files/:id",
    publicRoute({
      scope: "write",
      tag: "Uploads",
      summary: "Delete a file",
      description: "Deletes the file and its bytes for good: the uploader's own, or any as an admin.",
      response: z.object({ data: deletedOut }),
      errors: [404],
      example: { params: { id: "$upload" } },
    }),
    requireSession,
    validate("param", idParam),
    async (c) => {
    const db = c.get("db");
    const { actor, upload, resource } = await loadUpload(db, requester(c), c.req.valid("param").id, { pending: true });
    if (!can(actor, "uploads.read", resource) && !can(actor, "uploads.delete", resource)) throw new NotFound("File not found");
    authorize(actor, "uploads.delete", resource);
    await uploadDeleter(db, c.env, { context: commandContext(c, actor), upload });
    return c.json({ data: { id: upload.id, deleted: true as const } });
    },
  )

  .get(
    "/w/:ws/uploads",
    publicRoute({
      scope: "read",
      tag: "Uploads",
      summary: "List files",
      description: "The workspace's stored files the caller may read (loose ones, and those attached to what they may open), of one `type` if asked, in `sort` order.",
      response: uploadListOut,
      example: { params: { ws: "$workspace" }, query: { limit: "20", sort: "last_modified_desc" } },
    }),
    requireWorkspace,
    validate("param", workspaceParam),
    validate("query", listUploadsQuery),
    async (c) => {
    const actor = c.get("actor");
    authorize(actor, "uploads.list");
    const query = c.req.valid("query");
    const keyset = UPLOAD_KEYSETS[query.sort];
    const { rows, meta } = await pagedList(query, { tag: `uploads:${query.sort}`, keyset, keyOf: uploadKeyOf(keyset) }, (window) =>
      windowOfUploads(c.get("db"), actor, query, window),
    );
    return c.json({
      data: rows.map(({ upload, uploader }) =>
        presentUpload(upload, uploader, { actor, resource: { attached: false, level: null, uploadedById: upload.uploadedById } }),
      ),
      meta: { ...meta, view: query.view, sort: query.sort, type: query.type ?? null },
    });
    },
  );
