import { createApp } from "../lib/create-app";
import { health } from "./health";

/** The JSON API, mounted at /v1 by the Worker. One sub-app per resource. */
export const api = createApp().basePath("/v1").route("/health", health);

export type ApiType = typeof api;
