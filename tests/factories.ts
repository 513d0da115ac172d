import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { defaultWorkspaceSettings } from "../core/contracts/workspaces";
import { hashPassword } from "../worker/auth/password";
import { issueSession } from "../worker/auth/sessions";
import { createDb } from "../worker/db/client";
import { emptyDocument } from "../core/document/types";
import { documentFromPlainText } from "../core/document/text";
import type { AccessLevel, AccessTargetType } from "../core/enums";
import { newFolderKey } from "../worker/commands/folderCommands";
import worker from "../worker/index";
import {
  accesses,
  articles,
  folders,
  memberships,
  socialAccounts,
  users,
  workspaces,
  type Article,
  type Folder,
  type Membership,
  type SocialAccount,
  type User,
  type Workspace,
} from "../worker/db/schema";

export const db = createDb(env.DB);
export const DEFAULT_PASSWORD = "password123";

let sequence = 0;
const next = () => `${Date.now().toString(36)}${(++sequence).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const hashes = new Map<string, Promise<string>>();
const cachedHash = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
};

export async function buildUser(overrides: Partial<typeof users.$inferInsert> & { password?: string } = {}): Promise<User> {
  const { password = DEFAULT_PASSWORD, ...values } = overrides;
  const [user] = await db
    .insert(users)
    .values({
      email: `user-${next()}@example.com`,
      firstName: "Test",
      lastName: "User",
      passwordHash: await cachedHash(password),
      ...values,
    })
    .returning();
  return user!;
}

export async function buildWorkspace(
  overrides: Partial<typeof workspaces.$inferInsert> & { owner?: User } = {},
): Promise<{ workspace: Workspace; owner: User }> {
  const { owner = await buildUser(), ...values } = overrides;
  const [workspace] = await db
    .insert(workspaces)
    .values({
      key: `ws-${next()}`,
      name: "Acme Marketing",
      invitationToken: `invite-${next()}`,
      settings: defaultWorkspaceSettings,
      createdById: owner.id,
      ...values,
    })
    .returning();
  await addMember(workspace!, owner, "admin");
  return { workspace: workspace!, owner };
}

export async function addMember(
  workspace: Pick<Workspace, "id">,
  user: Pick<User, "id">,
  role: Membership["role"] = "member",
  status: Membership["status"] = "active",
): Promise<Membership> {
  const [membership] = await db
    .insert(memberships)
    .values({ workspaceId: workspace.id, userId: user.id, role, status })
    .returning();
  return membership!;
}

/** A member of `workspace` with `role`, and their session token. */
export async function buildMember(workspace: Pick<Workspace, "id">, role: Membership["role"] = "member") {
  const user = await buildUser();
  await addMember(workspace, user, role);
  return { user, token: await tokenFor(user) };
}

export async function tokenFor(user: Pick<User, "id">, impersonatorId?: number) {
  return (await issueSession(db, env, user, { impersonatorId })).token;
}

export async function reloadUser(id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user!;
}

interface ApiOptions {
  method?: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  workspaceId?: number;
}

function apiRequest(path: string, { method = "GET", token, body, headers = {}, workspaceId }: ApiOptions = {}): RequestInit {
  return {
    method,
    headers: {
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(workspaceId ? { "X-Workspace-Id": String(workspaceId) } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  };
}

/** Calls the real Worker (`exports.default.fetch`) the way the browser client does. */
export function api(path: string, options: ApiOptions = {}) {
  return exports.default.fetch(`https://app.test/v1${path}`, apiRequest(path, options));
}

/**
 * `api` on the Worker with `overrides` on its environment: `{ DEFAULT_PLAN: "free" }` for the
 * Free plan's limits, `"team"` for a test that needs more than Pro allows. The answer is read
 * whole (a stream too) before the request's background work is awaited.
 */
export async function apiWith(overrides: Partial<Env>, path: string, options: ApiOptions = {}) {
  const ctx = createExecutionContext();
  const request = new Request(`https://app.test/v1${path}`, apiRequest(path, options));
  const response = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, { ...env, ...overrides }, ctx);
  const text = await response.text();
  await waitOnExecutionContext(ctx);
  return new Response(text, { status: response.status, headers: response.headers });
}

export const json = <T = Record<string, any>>(response: Response) => response.json<T>(); // eslint-disable-line @typescript-eslint/no-explicit-any

/** A folder owned by `owner`, with no grants unless given. */
export async function buildFolder(
  workspace: Pick<Workspace, "id">,
  owner: Pick<User, "id">,
  overrides: Partial<typeof folders.$inferInsert> = {},
): Promise<Folder> {
  const [folder] = await db
    .insert(folders)
    .values({ workspaceId: workspace.id, key: newFolderKey(), name: `Folder ${next()}`, ownerId: owner.id, ...overrides })
    .returning();
  return folder!;
}

/** A document owned by `owner`: private to them unless grants are added. `text` becomes its body. */
export async function buildArticle(
  workspace: Pick<Workspace, "id">,
  owner: Pick<User, "id">,
  overrides: Partial<typeof articles.$inferInsert> & { text?: string } = {},
): Promise<Article> {
  const { text, ...values } = overrides;
  const body = text === undefined ? emptyDocument() : documentFromPlainText(text);
  const [article] = await db
    .insert(articles)
    .values({ workspaceId: workspace.id, title: `Doc ${next()}`, body, bodyText: text ?? "", ownerId: owner.id, ...values })
    .returning();
  return article!;
}

/** Grants `permission` on an article or folder to a target. */
export async function grant(
  on: { article?: Pick<Article, "id" | "workspaceId">; folder?: Pick<Folder, "id" | "workspaceId"> },
  targetType: AccessTargetType,
  permission: AccessLevel,
  target: { userId?: number; channelId?: number; email?: string; role?: Membership["role"] } = {},
) {
  const item = on.article ?? on.folder!;
  const [row] = await db
    .insert(accesses)
    .values({
      workspaceId: item.workspaceId,
      articleId: on.article?.id ?? null,
      folderId: on.folder?.id ?? null,
      targetType,
      permission,
      ...target,
    })
    .returning();
  return row!;
}

/** A new workspace with Sandbox accounts connected through the API (one per name), and its owner's token. */
export async function buildSandboxWorkspace(names = ["Fernhill Sandbox"]) {
  const { workspace, owner } = await buildWorkspace();
  const token = await tokenFor(owner);
  const accounts: SocialAccount[] = [];
  for (const name of names) {
    const response = await api(`/w/${workspace.id}/social_accounts`, { method: "POST", token, body: { network: "sandbox", display_name: name } });
    if (response.status !== 201) throw new Error(`connecting a Sandbox account answered ${response.status}: ${await response.text()}`);
    const { data } = await json<{ data: { id: number } }>(response);
    const [row] = await db.select().from(socialAccounts).where(eq(socialAccounts.id, data.id));
    accounts.push(row!);
  }
  return { workspace, owner, token, accounts };
}
