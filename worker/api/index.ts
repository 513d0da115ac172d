import { cors } from "hono/cors";
import { createApp } from "../lib/create-app";
import { auth } from "./auth";
import { channelsApi } from "./channels";
import { guestsApi } from "./guests";
import { health } from "./health";
import { invitationsApi } from "./invitations";
import { membersApi } from "./members";
import { scimApi } from "./scim";
import { usersApi } from "./users";
import { workspacesApi } from "./workspaces";

/** The JSON API, mounted at /v1 by the Worker. One sub-app per resource. */
export const api = createApp()
  .basePath("/v1")
  // Tokens travel in the Authorization header (never cookies), so any origin may call the API.
  .use(
    cors({
      origin: "*",
      allowHeaders: [
        "Authorization",
        "Content-Type",
        "X-Workspace-Id",
        "x-session-uuid",
        "x-superadmin-workspace-id",
        "X-Anonymous-User-Uuid",
        "X-Article-Password",
      ],
      exposeHeaders: ["Authorization", "Retry-After"],
      maxAge: 600,
    }),
  )
  .route("/health", health)
  .route("/", auth)
  .route("/", invitationsApi)
  .route("/", scimApi)
  .route("/", channelsApi)
  .route("/w", membersApi)
  .route("/w", guestsApi)
  .route("/w", workspacesApi)
  .route("/", usersApi);

export type ApiType = typeof api;
