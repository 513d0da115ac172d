import { hashPassword } from "../worker/auth/password";

/** The demo login the start command prints; the seed creates it once and never overwrites it. */
export const DEMO = {
  email: "demo@example.com",
  password: "brandwork-demo",
  firstName: "Dana",
  lastName: "Demo",
  workspaceKey: "demo",
  workspaceName: "Fernhill Coffee",
} as const;

/**
 * The demo's other people: a member and a guest, each with a login of their own. Accounts
 * and memberships are seeded here because the API only creates them through an emailed
 * invitation; everything they then do in the demo goes through the API (scripts/demo).
 */
export const DEMO_PEOPLE = {
  member: { email: "maya@example.com", password: "brandwork-member", firstName: "Maya", lastName: "Okafor", role: "member" },
  guest: { email: "gus@example.com", password: "brandwork-guest", firstName: "Gus", lastName: "Lindqvist", role: "guest" },
} as const;

const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** Idempotent seed statements: running them twice leaves the same users, workspace and memberships. */
export async function buildSeedStatements(): Promise<string[]> {
  const people = [{ ...DEMO, role: "admin" }, ...Object.values(DEMO_PEOPLE)];
  const statements = [
    `INSERT INTO workspaces (key, name, company_size, team_type, invitation_token)
  VALUES (${quote(DEMO.workspaceKey)}, ${quote(DEMO.workspaceName)}, '1-10', 'marketing', lower(hex(randomblob(24))))
  ON CONFLICT (key) DO NOTHING`,
  ];
  for (const person of people) {
    statements.push(
      `INSERT INTO users (email, first_name, last_name, password_hash)
  VALUES (${quote(person.email)}, ${quote(person.firstName)}, ${quote(person.lastName)}, ${quote(await hashPassword(person.password))})
  ON CONFLICT (email) DO NOTHING`,
      `INSERT INTO memberships (workspace_id, user_id, role)
  SELECT w.id, u.id, ${quote(person.role)} FROM workspaces w, users u
  WHERE w.key = ${quote(DEMO.workspaceKey)} AND u.email = ${quote(person.email)}
  ON CONFLICT (workspace_id, user_id) DO NOTHING`,
    );
  }
  // A few contacts, as a HubSpot import would leave them, so the Contacts page has people on it.
  for (const [email, name, company] of DEMO_CONTACTS) {
    statements.push(
      `INSERT INTO contacts (workspace_id, email, name, company, source)
  SELECT w.id, ${quote(email)}, ${quote(name)}, ${quote(company)}, 'manual' FROM workspaces w WHERE w.key = ${quote(DEMO.workspaceKey)}
  ON CONFLICT (workspace_id, email) DO NOTHING`,
    );
  }
  return statements;
}

const DEMO_CONTACTS = [
  ["amara.okafor@example.com", "Amara Okafor", "Greenleaf Grocers"],
  ["jonas.weber@example.com", "Jonas Weber", "Weber & Söhne"],
  ["li.na@example.com", "Li Na", "Harbour Café"],
] as const;

export async function buildSeedSql(): Promise<string> {
  return (await buildSeedStatements()).map((statement) => `${statement};\n`).join("");
}
