/**
 * One sign-in for the whole bench: every scenario reuses the demo user's token (as the API
 * header) and the app's own auth cookie (for pages), so the bench never signs in again mid-run.
 */
import { authStateFor, AUTH_COOKIE_NAME, encodeAuthState } from "../../app/lib/auth-cookie";
import { DEMO } from "../../scripts/seed";

export interface BenchSession {
  authorization: string;
  userId: number;
  workspaceId: number;
  /** Authorization + X-Workspace-Id for API calls in the demo workspace. */
  headers: Record<string, string>;
  cookie: { name: string; value: string };
}

/**
 * Signs in through the API as the demo user, or as another seeded person of the demo workspace
 * (`DEMO_PEOPLE` in scripts/seed.ts: the inbox step's recipient), in the demo workspace.
 */
export async function signIn(base: string, person: { email: string; password: string } = DEMO): Promise<BenchSession> {
  const response = await devFetch(`${base}/v1/users/sign_in`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ user: { email: person.email, password: person.password } }),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  const authorization = response.headers.get("Authorization");
  if (!authorization) throw new Error("sign-in returned no Authorization header");
  const { data: user } = (await response.json()) as { data: { id: number } };
  const workspaces = await fetch(`${base}/v1/w`, { headers: { Authorization: authorization } });
  if (!workspaces.ok) throw new Error(`GET /v1/w answered ${workspaces.status}`);
  const { data } = (await workspaces.json()) as { data: { id: number; name: string }[] };
  const workspaceId = (data.find((w) => w.name === DEMO.workspaceName) ?? data[0]!).id;
  return {
    authorization,
    userId: user.id,
    workspaceId,
    headers: { Authorization: authorization, "X-Workspace-Id": String(workspaceId) },
    cookie: { name: AUTH_COOKIE_NAME, value: encodeAuthState(authStateFor(authorization, workspaceId)) },
  };
}

/** The workspaces the demo user belongs to, by name (the search bench seeds its own). */
export async function workspaceNamed(base: string, session: BenchSession, name: string) {
  const response = await fetch(`${base}/v1/w`, { headers: { Authorization: session.authorization } });
  const { data } = (await response.json()) as { data: { id: number; name: string }[] };
  const found = data.find((w) => w.name === name);
  if (!found) throw new Error(`the demo user is not in the workspace "${name}"`);
  return found.id;
}

const RESTARTED = "Your worker restarted mid-request";

/**
 * fetch for the bench's writes. wrangler dev restarts the Worker whenever a file it watches
 * changes (a rebuild of build/, an edit under worker/), and its proxy retries only GET and HEAD
 * across a restart: any other method gets `503 Your worker restarted mid-request`. That is the
 * 503 a sign-in got mid-bench; the request never reached our code, so sending it again is safe.
 */
export async function devFetch(url: string, init: RequestInit = {}): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(url, init);
    if (response.status !== 503 || attempt === 4 || !(await response.clone().text()).startsWith(RESTARTED)) return response;
    console.log(`  (wrangler dev restarted the Worker during ${init.method ?? "GET"} ${new URL(url).pathname}; sending it again)`);
    await new Promise((r) => setTimeout(r, 500 * attempt));
  }
}
