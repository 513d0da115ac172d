import { prepareDatabase } from "/work/wt/analytics-report/scripts/local-stack";
import { seedAnalytics } from "/work/wt/analytics-report/tests/bench/analytics";
await prepareDatabase({ persistTo: "/tmp/an/p", logs: false });
await seedAnalytics("/tmp/an/p", { accounts: 50, posts: 100_000, days: 365 }, Number(process.env.NOW));
