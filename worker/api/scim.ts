import { createApp } from "../lib/create-app";

/** SCIM tokens (/v1/scim/tokens) and the SCIM 2.0 Users endpoint (/v1/scim/v2/Users). */
export const scimApi = createApp();
