import { writeFileSync } from "node:fs";
import { drizzle } from "drizzle-orm/d1";
import { analyticsQuery } from "/work/wt/analytics-report/core/contracts/analytics";
import { analyticsReport } from "/work/wt/analytics-report/worker/services/analytics/report";

const NOW = Number(process.env.NOW);
const statements: string[] = [];
const inline = (sql: string, params: unknown[]) => { let i = 0; return sql.replace(/\?/g, () => { const v = params[i++]; return typeof v === "string" ? `'${v.replaceAll("'", "''")}'` : String(v); }); };
const fake = {
  prepare(sql: string) { const st = { sql, params: [] as unknown[], bind(...p: unknown[]) { return { ...st, params: p }; }, all: async () => ({ results: [] }), raw: async () => [], run: async () => ({}), first: async () => null }; return st; },
  async batch(list: { sql: string; params: unknown[] }[]) { for (const s of list) statements.push(inline(s.sql, s.params)); return list.map(() => ({ results: [] })); },
};
const db = drizzle(fake as never);
const q = analyticsQuery.parse(JSON.parse(process.env.Q!));
await analyticsReport(db as never, { workspaceId: 2, userId: 1, role: "admin", isSuperAdmin: false, workspaceSettings: {} as never }, q, NOW).catch((e) => console.error(e.message));
writeFileSync(process.env.OUT!, statements.map((s) => s + ";").join("\n"));
