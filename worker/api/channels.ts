import { createApp } from "../lib/create-app";

/** Groups (channels): /v1/w/:ws/channels, /v1/channels/:id, /v1/channel_join_requests/:id. */
export const channelsApi = createApp();
