import { signScopedToken, verifyScopedToken } from "../../auth/scoped-tokens";
import type { Database } from "../../db/client";
import { NotFound } from "../../lib/errors";
import { appUrl } from "../publishing/events";
import type { OutgoingMedia, ProviderContext } from "../publishing/providers/types";
import { readStoredBytes, serveStored } from "../storage";
import { uploadForPublishing } from "../uploads";

/**
 * Media for the networks: the bytes for those we upload to (`readMedia`), and for those that
 * fetch media themselves (Instagram, Threads, Pinterest) a public URL signed for one upload of
 * one workspace that expires in a day (`/media/:token`). It works without a session, which is
 * the point; a forged or expired token is a 404, the same as a file that does not exist.
 */

export const MEDIA_LINK_TTL_SECONDS = 24 * 60 * 60;
/** The largest file a network takes from us in memory (video is 1 GB on the biggest; Workers hold 128 MB). */
const MAX_MEDIA_BYTES = 100 * 1024 * 1024;

export async function signMediaLink(env: Env, workspaceId: number, uploadId: number, now = Date.now()) {
  const { token } = await signScopedToken(env, "media", { subject: String(uploadId), claims: { ws: workspaceId }, ttlSeconds: MEDIA_LINK_TTL_SECONDS, now });
  return `${appUrl(env)}/media/${token}`;
}

/** The upload a media token names, or 404. */
export async function uploadForMediaToken(db: Database, env: Env, token: string) {
  let payload;
  try {
    payload = await verifyScopedToken(env, "media", token);
  } catch {
    throw new NotFound("File not found");
  }
  const uploadId = Number(payload.sub);
  const workspaceId = Number(payload.ws);
  if (!Number.isSafeInteger(uploadId) || !Number.isSafeInteger(workspaceId)) throw new NotFound("File not found");
  return uploadForPublishing(db, workspaceId, uploadId);
}

/** `/media/:token`: the upload's bytes with its content type. */
export async function serveMediaLink(db: Database, env: Env, token: string, request: Request) {
  const upload = await uploadForMediaToken(db, env, token);
  const response = await serveStored(env, upload, request);
  // A network's fetcher is not a browser: the file is the answer, cached by nobody but it.
  response.headers.set("Cache-Control", "no-store");
  return response;
}

/** `readMedia` and `mediaUrl` for the publisher's context, bound to the post's workspace. */
export function mediaAccess(db: Database, env: Env, workspaceId: number, now: () => number): Pick<ProviderContext, "readMedia" | "mediaUrl"> {
  return {
    async readMedia(item: OutgoingMedia) {
      const upload = await uploadForPublishing(db, workspaceId, item.uploadId);
      const bytes = await readStoredBytes(env, upload, MAX_MEDIA_BYTES);
      if (!bytes) throw new Error(`${item.name} is missing from storage or larger than ${MAX_MEDIA_BYTES / 1024 / 1024} MB`);
      return bytes;
    },
    mediaUrl: (item: OutgoingMedia) => signMediaLink(env, workspaceId, item.uploadId, now()),
  };
}
