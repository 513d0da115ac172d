import { createApp } from "../lib/create-app";

/** Accepting member invitations: /v1/invitations/:token. */
export const invitationsApi = createApp();
