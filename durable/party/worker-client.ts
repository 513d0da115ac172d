import { SignJWT } from "jose";
import { ROOM_TOKEN_AUDIENCE, ROOM_TOKEN_ISSUER, type RoomModes, type RoomPush } from "../../core/collab";
import type { SerializedDocument } from "../../core/document/types";

export interface StoredDocument {
  body: SerializedDocument;
  revision: number;
}

export interface SaveOutcome {
  saved: boolean;
  stale?: boolean;
  revision?: number;
}

/**
 * The room's only way to the Worker: its internal document endpoints, authenticated with a
 * short JWT signed with the shared COLLAB_TOKEN_SECRET and naming this room.
 */
export class WorkerClient {
  constructor(
    private readonly baseUrl: string,
    private readonly secret: string,
    private readonly room: string,
  ) {}

  private async headers(): Promise<HeadersInit> {
    const token = await new SignJWT({ room: this.room })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(ROOM_TOKEN_ISSUER)
      .setAudience(ROOM_TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(new TextEncoder().encode(this.secret));
    return { authorization: `Bearer ${token}`, "content-type": "application/json" };
  }

  private url(what: "document" | "modes" = "document") {
    return `${this.baseUrl.replace(/\/+$/, "")}/v1/internal/rooms/${encodeURIComponent(this.room)}/${what}`;
  }

  /** The stored document and its revision, to seed a room or bring it up to date. */
  async load(): Promise<StoredDocument> {
    const response = await fetch(this.url(), { headers: await this.headers(), signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`The Worker answered ${response.status} for ${this.room}: ${await response.text()}`);
    return ((await response.json()) as { data: StoredDocument }).data;
  }

  /** Saves the room's document; `stale` when the stored body changed since `base_revision`. */
  async save(push: RoomPush): Promise<SaveOutcome> {
    const response = await fetch(this.url(), { method: "PUT", headers: await this.headers(), body: JSON.stringify(push), signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`The Worker refused the document for ${this.room} (${response.status}): ${await response.text()}`);
    return ((await response.json()) as { data: SaveOutcome }).data;
  }

  /** What each of these users may do in the room now (null: nothing). */
  async modes(userIds: number[]): Promise<RoomModes> {
    const response = await fetch(this.url("modes"), {
      method: "POST",
      headers: await this.headers(),
      body: JSON.stringify({ user_ids: userIds }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`The Worker answered ${response.status} about ${this.room}'s connections: ${await response.text()}`);
    return ((await response.json()) as { data: { modes: RoomModes } }).data.modes;
  }
}
