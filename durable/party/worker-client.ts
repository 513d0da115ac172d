import { SignJWT } from "jose";
import { ROOM_TOKEN_AUDIENCE, ROOM_TOKEN_ISSUER, type RoomPush } from "../../core/collab";
import type { SerializedDocument } from "../../core/document/types";

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

  private url() {
    return `${this.baseUrl.replace(/\/+$/, "")}/v1/internal/rooms/${encodeURIComponent(this.room)}/document`;
  }

  /** The stored document, to seed a room that has never held it. */
  async load(): Promise<SerializedDocument> {
    const response = await fetch(this.url(), { headers: await this.headers(), signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`The Worker answered ${response.status} for ${this.room}: ${await response.text()}`);
    return ((await response.json()) as { data: { body: SerializedDocument } }).data.body;
  }

  async save(push: RoomPush): Promise<void> {
    const response = await fetch(this.url(), { method: "PUT", headers: await this.headers(), body: JSON.stringify(push), signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`The Worker refused the document for ${this.room} (${response.status}): ${await response.text()}`);
  }
}
