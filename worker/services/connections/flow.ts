import { and, eq, gt, lt } from "drizzle-orm";
import type { Database } from "../../db/client";
import { oauthClients, pendingConnections, socialAccounts, type PendingConnection } from "../../db/schema";
import { signScopedToken, verifyScopedToken, ScopedTokenRefused } from "../../auth/scoped-tokens";
import { HttpError, Invalid, PlanLimitReached } from "../../lib/errors";
import { NotAMember, resolveActor } from "../../middleware/workspace";
import { authorize, type Actor } from "../../policies";
import { checkUrl, resolveOverHttps } from "../safe-fetch";
import { decryptCredentials, encryptCredentials } from "../publishing/credentials";
import { oauthApp } from "../publishing/providers/http";
import type { ConnectedAccount, Connector, OAuthApp, ProviderContext } from "../publishing/providers/types";
import { codeChallenge, newCodeVerifier, randomId } from "./pkce";
import { connectorEntry, type ConnectorEntry } from "./registry";
import { storeConnected, type Stored } from "./store";

/**
 * THE connect flow every network and integration goes through (OAuth 2.0 with PKCE):
 *
 * 1. `startConnect`: a signed-in member who may manage accounts asks; a random PKCE verifier
 *    is made and kept in an HttpOnly SameSite=Lax cookie (never in the state); the `state`
 *    is a signed 10-minute token binding workspace, user, connector and a nonce that the
 *    cookie repeats. The browser goes to the network with the S256 challenge.
 * 2. `completeConnect`: the network sends the browser back with `code` and `state`; the state
 *    must verify, be this user's, and match the cookie's nonce; the code is exchanged with
 *    the verifier; one account is stored at once, several wait (sealed, ten minutes, for
 *    this user) for the person to choose (`choosePending`).
 *
 * Every refusal is a `ConnectRefused` in words, shown on the page the person lands on.
 */

export const STATE_TTL_SECONDS = 600;
const PENDING_TTL_MS = 10 * 60 * 1000;

export type OAuthConnector = Extract<Connector, { kind: "oauth" }>;

/** A refusal to show the person, on the workspace's page when it is known. */
export class ConnectRefused extends Error {
  constructor(
    message: string,
    readonly workspaceId: number | null = null,
    readonly target: "network" | "integration" = "network",
  ) {
    super(message);
  }
}

export interface ConnectDeps {
  db: Database;
  env: Env;
  now?: () => number;
  /** The outbound fetch for the network's token endpoint (tests pass a fake). */
  fetch?: typeof fetch;
  /** How an instance's host name resolves (DNS-over-HTTPS by default). */
  resolve?: (hostname: string) => Promise<string[]>;
}

export interface ConnectUser {
  id: number;
  isSuperAdmin: boolean;
}

export const callbackUrl = (origin: string, connectorId: string) => `${origin}/integrations/${connectorId}/callback`;

export const providerContext = (deps: ConnectDeps): ProviderContext => ({ db: deps.db, env: deps.env, now: deps.now ?? Date.now, fetch: deps.fetch ?? fetch });

// The connector's own label names what the person chose ("Facebook Pages", "Instagram"), more precisely than its network.
const labelOf = (entry: ConnectorEntry) => entry.connector.label;

/** The connector, or a refusal naming it when it is unknown. */
export function findConnector(id: string): ConnectorEntry {
  const entry = connectorEntry(id);
  if (!entry) throw new ConnectRefused(`There is no network or service called “${id}” on this server.`);
  return entry;
}

/** The member, in the workspace, who may connect this kind of thing there (networks: social_accounts.manage; services: integrations.manage). */
export async function connectingActor(db: Database, user: ConnectUser, workspaceId: number, entry: ConnectorEntry): Promise<Actor> {
  const kind = entry.target.kind;
  try {
    const { actor } = await resolveActor(db, { user }, workspaceId, undefined);
    authorize(actor, kind === "network" ? "social_accounts.manage" : "integrations.manage", undefined, `You may not connect ${labelOf(entry)} in this workspace.`);
    return actor;
  } catch (error) {
    if (error instanceof NotAMember) throw new ConnectRefused("That workspace was not found.");
    if (error instanceof HttpError) throw new ConnectRefused(error.message, workspaceId, kind);
    throw error;
  }
}

/** This deployment's app for the connector, or null when the environment has none. */
export function configuredApp(env: Env, connector: OAuthConnector): OAuthApp | null {
  return connector.envPrefix ? oauthApp(env, connector.envPrefix) : null;
}

/** Whether a person can use the connector here: OAuth needs its app (or registers one per instance); forms and local always can. */
export const isConfigured = (env: Env, connector: Connector) => connector.kind !== "oauth" || Boolean(connector.registerApp) || configuredApp(env, connector) !== null;

export const notConfigured = (entry: ConnectorEntry) => `${labelOf(entry)} is not configured on this server.`;

/** A typed instance as an https origin (`mastodon.social` → `https://mastodon.social`), refused when it is not a public host. */
export async function normaliseInstance(raw: string, deps: ConnectDeps, field = "instance"): Promise<string> {
  const typed = raw.trim();
  if (!typed) throw new Invalid("Enter the server's address", { [field]: ["is required"] });
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(typed) ? typed : `https://${typed}`);
  } catch {
    throw new Invalid("That is not a server address", { [field]: ["is not a web address"] });
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Invalid("That is not a server address", { [field]: ["must be a web address"] });
  const origin = `https://${url.host}`.toLowerCase();
  const resolve = deps.resolve ?? ((hostname: string) => resolveOverHttps(hostname, deps.fetch ?? fetch));
  await checkUrl(origin, field, resolve);
  return origin;
}

const clientBinding = (network: string, instance: string, redirectUri: string) => `oauth_client:${network}:${instance}:${redirectUri}`;

/** The app registered with this instance for this redirect URI: remembered, else registered now (once). */
export async function instanceApp(deps: ConnectDeps, entry: ConnectorEntry, connector: OAuthConnector, instance: string, redirectUri: string): Promise<OAuthApp> {
  const network = targetName(entry);
  const where = and(eq(oauthClients.network, network), eq(oauthClients.instance, instance), eq(oauthClients.redirectUri, redirectUri));
  const [known] = await deps.db.select().from(oauthClients).where(where);
  const binding = clientBinding(network, instance, redirectUri);
  if (known) return { clientId: known.clientId, clientSecret: (await decryptCredentials(deps.env, known.clientSecret, binding)).accessToken };
  let app: OAuthApp;
  try {
    app = await connector.registerApp!(providerContext(deps), instance, redirectUri);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new ConnectRefused(`${instance} did not register Brandwork: ${error instanceof Error ? error.message : String(error)}`);
  }
  const sealed = await encryptCredentials(deps.env, { accessToken: app.clientSecret }, binding);
  // Two people starting at once: the first registration is kept, the second's is dropped.
  await deps.db.insert(oauthClients).values({ network, instance, redirectUri, clientId: app.clientId, clientSecret: sealed }).onConflictDoNothing();
  const [kept] = await deps.db.select().from(oauthClients).where(where);
  return kept && kept.clientId !== app.clientId ? { clientId: kept.clientId, clientSecret: (await decryptCredentials(deps.env, kept.clientSecret, binding)).accessToken } : app;
}

const targetName = (entry: ConnectorEntry) => (entry.target.kind === "network" ? entry.target.provider.network : entry.target.service.id);

/** The cookie that carries the PKCE verifier between the start and the callback, tied to the state's nonce. */
export const CONNECT_COOKIE = "brandwork_connect";

export function connectCookie(origin: string, value: { nonce: string; verifier: string } | null) {
  const secure = origin.startsWith("https:") ? "; Secure" : "";
  if (!value) return `${CONNECT_COOKIE}=; Path=/integrations; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
  return `${CONNECT_COOKIE}=${value.nonce}.${value.verifier}; Path=/integrations; HttpOnly; SameSite=Lax; Max-Age=${STATE_TTL_SECONDS}${secure}`;
}

export function readConnectCookie(cookieHeader: string | null): { nonce: string; verifier: string } | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== CONNECT_COOKIE) continue;
    const [nonce, verifier] = rest.join("=").split(".");
    if (nonce && verifier) return { nonce, verifier };
  }
  return null;
}

export interface StartRequest {
  user: ConnectUser;
  workspaceId: number;
  connectorId: string;
  origin: string;
  instance?: string | null;
  /** The account being reconnected, checked to be this workspace's. */
  accountId?: number | null;
}

/** Where to send the browser, and the cookie to set: the network's authorize URL with the challenge and the signed state. */
export async function startConnect(deps: ConnectDeps, request: StartRequest): Promise<{ location: string; cookie: string }> {
  const entry = findConnector(request.connectorId);
  const { connector } = entry;
  if (connector.kind !== "oauth") throw new ConnectRefused(`${labelOf(entry)} connects with a form, not a sign-in: fill it on the Scheduled posts page.`, request.workspaceId, entry.target.kind);
  await connectingActor(deps.db, request.user, request.workspaceId, entry);
  if (request.accountId) {
    const [account] = await deps.db
      .select({ id: socialAccounts.id })
      .from(socialAccounts)
      .where(and(eq(socialAccounts.id, request.accountId), eq(socialAccounts.workspaceId, request.workspaceId)));
    if (!account) throw new ConnectRefused("That account was not found in this workspace.", request.workspaceId, entry.target.kind);
  }
  const redirectUri = callbackUrl(request.origin, connector.id);
  let instance: string | undefined;
  let app: OAuthApp | null;
  try {
    if (connector.instanceField && connector.registerApp) {
      instance = await normaliseInstance(request.instance ?? "", deps, connector.instanceField.name);
      app = await instanceApp(deps, entry, connector, instance, redirectUri);
    } else {
      app = configuredApp(deps.env, connector);
    }
  } catch (error) {
    if (error instanceof HttpError) throw new ConnectRefused(`${labelOf(entry)}: ${error.message}.`, request.workspaceId, entry.target.kind);
    if (error instanceof ConnectRefused) throw new ConnectRefused(error.message, request.workspaceId, entry.target.kind);
    throw error;
  }
  if (!app) throw new ConnectRefused(notConfigured(entry), request.workspaceId, entry.target.kind);

  const nonce = randomId();
  const verifier = newCodeVerifier();
  const claims: Record<string, string | number> = { ws: request.workspaceId, c: connector.id, n: nonce };
  if (instance) claims.i = instance;
  if (request.accountId) claims.a = request.accountId;
  const { token: state } = await signScopedToken(deps.env, "connect", { subject: String(request.user.id), claims, ttlSeconds: STATE_TTL_SECONDS, now: deps.now?.() });
  const location = connector.authorizeUrl({ app, redirectUri, state, codeChallenge: await codeChallenge(verifier), instance }, deps.env);
  return { location, cookie: connectCookie(request.origin, { nonce, verifier }) };
}

export interface CallbackRequest {
  user: ConnectUser;
  connectorId: string;
  origin: string;
  code: string | null;
  state: string | null;
  error: string | null;
  errorDescription: string | null;
  cookie: { nonce: string; verifier: string } | null;
}

export type CallbackResult =
  | { kind: "connected"; workspaceId: number; target: "network" | "integration"; stored: Stored; label: string; stillNeedsReconnecting?: string }
  | { kind: "choose"; workspaceId: number; pendingId: string };

interface StateClaims {
  workspaceId: number;
  connectorId: string;
  nonce: string;
  instance?: string;
  /** The account being reconnected, when this was a reconnect. */
  accountId?: number;
}

async function readState(deps: ConnectDeps, state: string | null, user: ConnectUser, entry: ConnectorEntry): Promise<StateClaims> {
  const label = labelOf(entry);
  if (!state) throw new ConnectRefused(`${label} sent you back without the connection's state. Start connecting again.`);
  let payload;
  try {
    payload = await verifyScopedToken(deps.env, "connect", state);
  } catch (error) {
    if (error instanceof ScopedTokenRefused && error.code === "connect_token_expired") throw new ConnectRefused(`That ${label} connection took longer than 10 minutes and expired. Start connecting again.`);
    throw new ConnectRefused(`That ${label} connection link is not valid. Start connecting again.`);
  }
  const workspaceId = Number(payload.ws);
  if (payload.sub !== String(user.id)) throw new ConnectRefused(`That ${label} connection was started by someone else. Start connecting again from your own account.`);
  if (payload.c !== entry.connector.id) throw new ConnectRefused(`That connection was started for another network. Start connecting ${label} again.`, workspaceId, entry.target.kind);
  return { workspaceId, connectorId: String(payload.c), nonce: String(payload.n), instance: typeof payload.i === "string" ? payload.i : undefined, accountId: typeof payload.a === "number" ? payload.a : undefined };
}

/** Stores what a browser flow connected; a plan limit reads as a refusal on the page it lands on. */
async function storeWithinPlan(deps: ConnectDeps, props: Pick<Parameters<typeof storeConnected>[2], "actor" | "target" | "accounts">, refuse: (message: string) => ConnectRefused) {
  try {
    return await storeConnected(deps.db, deps.env, { ...props, now: deps.now?.() });
  } catch (error) {
    if (error instanceof PlanLimitReached) throw refuse(error.message);
    throw error;
  }
}

/** The network's answer: checked, the code exchanged, the accounts stored or kept for choosing. */
export async function completeConnect(deps: ConnectDeps, request: CallbackRequest): Promise<CallbackResult> {
  const entry = findConnector(request.connectorId);
  const { connector } = entry;
  const label = labelOf(entry);
  if (connector.kind !== "oauth") throw new ConnectRefused(`${label} does not connect with a sign-in.`);
  if (request.error && !request.state) throw new ConnectRefused(request.error === "access_denied" ? `Connecting ${label} was cancelled.` : `${label} refused: ${request.errorDescription ?? request.error}`);
  const claims = await readState(deps, request.state, request.user, entry);
  const where = { workspaceId: claims.workspaceId, kind: entry.target.kind };
  const refuse = (message: string) => new ConnectRefused(message, where.workspaceId, where.kind);
  if (request.error) throw refuse(request.error === "access_denied" ? `Connecting ${label} was cancelled.` : `${label} refused: ${request.errorDescription ?? request.error}`);
  if (!request.cookie || request.cookie.nonce !== claims.nonce) throw refuse(`That ${label} connection was started in another browser (or its cookie was lost). Start connecting again here.`);
  if (!request.code) throw refuse(`${label} sent you back without a code. Start connecting again.`);
  const actor = await connectingActor(deps.db, request.user, claims.workspaceId, entry);

  const redirectUri = callbackUrl(request.origin, connector.id);
  const app = claims.instance && connector.registerApp ? await instanceApp(deps, entry, connector, claims.instance, redirectUri) : configuredApp(deps.env, connector);
  if (!app) throw refuse(notConfigured(entry));
  let accounts: ConnectedAccount[];
  try {
    accounts = await connector.exchangeCode(providerContext(deps), { app, code: request.code, codeVerifier: request.cookie.verifier, redirectUri, instance: claims.instance });
  } catch (error) {
    throw refuse(`${label} did not accept the connection: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (accounts.length === 0) throw refuse(`${label} answered with no account to connect.`);
  if (accounts.length === 1) {
    const stored = await storeWithinPlan(deps, { actor, target: entry.target, accounts }, refuse);
    return { kind: "connected", workspaceId: claims.workspaceId, target: entry.target.kind, stored, label, stillNeedsReconnecting: await missedReconnect(deps, claims, stored) };
  }
  const pendingId = await keepPending(deps, { workspaceId: claims.workspaceId, userId: request.user.id, connectorId: connector.id, accounts });
  return { kind: "choose", workspaceId: claims.workspaceId, pendingId };
}

/** A reconnect that signed in as another account (connected as well) leaves the one meant still waiting: say so. */
async function missedReconnect(deps: ConnectDeps, claims: StateClaims, stored: Stored): Promise<string | undefined> {
  if (!claims.accountId || stored.accounts.some((row) => row.id === claims.accountId)) return undefined;
  const [meant] = await deps.db
    .select({ displayName: socialAccounts.displayName, state: socialAccounts.state })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.id, claims.accountId), eq(socialAccounts.workspaceId, claims.workspaceId)));
  return meant && meant.state !== "active" ? meant.displayName : undefined;
}

const pendingBinding = (id: string, userId: number) => `pending:${id}:${userId}`;

async function keepPending(deps: ConnectDeps, props: { workspaceId: number; userId: number; connectorId: string; accounts: ConnectedAccount[] }) {
  const id = randomId();
  const now = deps.now?.() ?? Date.now();
  // The whole list is sealed as one "access token": nothing in it is readable in the row.
  const sealed = await encryptCredentials(deps.env, { accessToken: JSON.stringify(props.accounts) }, pendingBinding(id, props.userId));
  await deps.db.batch([
    deps.db.delete(pendingConnections).where(lt(pendingConnections.expiresAt, now)),
    deps.db.insert(pendingConnections).values({ id, workspaceId: props.workspaceId, userId: props.userId, network: props.connectorId, accounts: sealed, expiresAt: now + PENDING_TTL_MS }),
  ]);
  return id;
}

export interface PendingChoice {
  pending: PendingConnection;
  entry: ConnectorEntry;
  accounts: ConnectedAccount[];
}

/** The accounts waiting for this user to choose, or a refusal when they expired or are someone else's. */
export async function readPending(deps: ConnectDeps, id: string, user: ConnectUser): Promise<PendingChoice> {
  const now = deps.now?.() ?? Date.now();
  const [pending] = await deps.db
    .select()
    .from(pendingConnections)
    .where(and(eq(pendingConnections.id, id), eq(pendingConnections.userId, user.id), gt(pendingConnections.expiresAt, now)));
  if (!pending) throw new ConnectRefused("That choice of accounts expired (it waits 10 minutes) or is not yours. Connect again.");
  const entry = findConnector(pending.network);
  const sealed = await decryptCredentials(deps.env, pending.accounts, pendingBinding(pending.id, user.id));
  return { pending, entry, accounts: JSON.parse(sealed.accessToken) as ConnectedAccount[] };
}

/** Connects the chosen ones (by index in the list shown) in one batch, and forgets the rest. */
export async function choosePending(deps: ConnectDeps, id: string, user: ConnectUser, chosen: number[]): Promise<CallbackResult> {
  const { pending, entry, accounts } = await readPending(deps, id, user);
  const picked = accounts.filter((_, index) => chosen.includes(index));
  if (picked.length === 0) throw new ConnectRefused("Choose at least one account to connect.", pending.workspaceId, entry.target.kind);
  const actor = await connectingActor(deps.db, user, pending.workspaceId, entry);
  const stored = await storeWithinPlan(deps, { actor, target: entry.target, accounts: picked }, (message) => new ConnectRefused(message, pending.workspaceId, entry.target.kind));
  await deps.db.delete(pendingConnections).where(eq(pendingConnections.id, pending.id));
  return { kind: "connected", workspaceId: pending.workspaceId, target: entry.target.kind, stored, label: labelOf(entry) };
}

/** The form connector's answer stored, after its fields were validated at the edge. */
export async function connectWithForm(deps: ConnectDeps, props: { actor: Actor; entry: ConnectorEntry; values: Record<string, string> }): Promise<Stored> {
  const { connector } = props.entry;
  if (connector.kind !== "form") throw new Invalid(`${labelOf(props.entry)} does not connect with a form`, { connector: ["does not connect with a form"] });
  const accounts = await connector.connect(providerContext(deps), props.values);
  if (accounts.length === 0) throw new Invalid(`${labelOf(props.entry)} answered with no account to connect`, { connector: ["connected no account"] });
  return storeConnected(deps.db, deps.env, { actor: props.actor, target: props.entry.target, accounts, now: deps.now?.() });
}

/** Where the person lands afterwards: Scheduled posts for networks, the integrations screen for services. */
export function landingPath(workspaceId: number | null, target: "network" | "integration", message: { notice?: string; error?: string }) {
  const query = new URLSearchParams();
  if (message.notice) query.set("connect_notice", message.notice);
  if (message.error) query.set("connect_error", message.error);
  const page = target === "integration" ? "integrations" : "scheduled-posts";
  return workspaceId ? `/workspaces/${workspaceId}/${page}?${query}` : `/?${query}`;
}

/** The words for a finished connection. */
export function connectedNotice(result: Extract<CallbackResult, { kind: "connected" }>) {
  const names = [...result.stored.accounts.map((row) => row.displayName), ...result.stored.integrations.map((row) => row.displayName)];
  const connected = `${names.join(", ")} ${names.length === 1 ? "is" : "are"} connected (${result.label}).`;
  return result.stillNeedsReconnecting
    ? `${connected} ${result.stillNeedsReconnecting} still needs reconnecting: sign in to ${result.label} as that account.`
    : connected;
}
