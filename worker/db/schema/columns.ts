import { sql } from "drizzle-orm";
import { integer } from "drizzle-orm/sqlite-core";

/** Timestamps are stored as epoch milliseconds and presented as ISO 8601. */
export const timestamps = {
  createdAt: integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`)
    .$onUpdate(() => new Date()),
};
