import { hashPassword } from "../worker/auth/password";

/** The demo login the start command prints; the seed creates it once and never overwrites it. */
export const DEMO = {
  email: "demo@example.com",
  password: "brandwork-demo",
  firstName: "Dana",
  lastName: "Demo",
  workspaceKey: "demo",
  workspaceName: "Demo Workspace",
} as const;

const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** Idempotent seed SQL: running it twice leaves one user, one workspace, one membership. */
export async function buildSeedSql(): Promise<string> {
  const passwordHash = await hashPassword(DEMO.password);
  return `
INSERT INTO users (email, first_name, last_name, password_hash)
  VALUES (${quote(DEMO.email)}, ${quote(DEMO.firstName)}, ${quote(DEMO.lastName)}, ${quote(passwordHash)})
  ON CONFLICT (email) DO NOTHING;
INSERT INTO workspaces (key, name, company_size, team_type, invitation_token)
  VALUES (${quote(DEMO.workspaceKey)}, ${quote(DEMO.workspaceName)}, '1-10', 'marketing', lower(hex(randomblob(24))))
  ON CONFLICT (key) DO NOTHING;
INSERT INTO memberships (workspace_id, user_id, role)
  SELECT w.id, u.id, 'admin' FROM workspaces w, users u
  WHERE w.key = ${quote(DEMO.workspaceKey)} AND u.email = ${quote(DEMO.email)}
  ON CONFLICT (workspace_id, user_id) DO NOTHING;
`;
}

