import { createApp } from "../lib/create-app";

/** Members of a workspace: /v1/w/:ws/members and /v1/w/:ws/settings/members. */
export const membersApi = createApp();
