import { createApp } from "../lib/create-app";
import { checkHealth } from "../services/health";

export const health = createApp().get("/", async (c) => {
  const report = await checkHealth(c.get("db"));
  c.header("Cache-Control", "no-store");
  return c.json(report, report.status === "ok" ? 200 : 503);
});
