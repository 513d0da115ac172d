import { createApp } from "../lib/create-app";

/** Guests of a workspace: /v1/w/:ws/settings/guests. */
export const guestsApi = createApp();
