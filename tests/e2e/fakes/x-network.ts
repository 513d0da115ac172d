import { createHash, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import { escapeHtml, readBody } from "./http";

/**
 * A local stand-in for X's authorization server and the few API endpoints a connect and a
 * text post use, so the end-to-end suite can run the whole OAuth dance in Chromium: the
 * consent page a person clicks through, the token request (HTTP Basic client auth, the PKCE
 * verifier checked against the S256 challenge the authorize request carried), `GET
 * /2/users/me` and `POST /2/tweets`. It refuses what X refuses (a wrong client, a reused code,
 * a verifier that does not match), so a connect flow that skips a step fails here as it would
 * there. `GET /__fake/tweets` tells a test what was posted.
 */

export const FAKE_X_CLIENT = { id: "fake-x-client", secret: "fake-x-secret" };
export const FAKE_X_USER = { id: "1500000000000000001", name: "Fernhill Bakery", username: "fernhill_fake" };

interface Grant {
  challenge: string;
  redirectUri: string;
  used: boolean;
}


export async function startFakeX(): Promise<{ url: string; server: Server }> {
  const grants = new Map<string, Grant>();
  const tokens = new Set<string>();
  const tweets: { id: string; text: string; in_reply_to?: string }[] = [];

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(body));
    };
    const bearer = () => tokens.has((request.headers.authorization ?? "").replace(/^Bearer /, ""));

    if (request.method === "GET" && url.pathname === "/i/oauth2/authorize") {
      const params = url.searchParams;
      const problem =
        params.get("response_type") !== "code" ? "response_type must be code"
        : params.get("client_id") !== FAKE_X_CLIENT.id ? "unknown client"
        : params.get("code_challenge_method") !== "S256" || !params.get("code_challenge") ? "PKCE with S256 is required"
        : !params.get("state") ? "state is required"
        : null;
      if (problem) return json(400, { error: "invalid_request", error_description: problem });
      // The consent page: one form, as X shows one button.
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      response.end(`<!doctype html><html lang="en"><title>Authorize access</title><main>
        <h1>Brandwork wants to access your X account</h1><p>Signed in as @${FAKE_X_USER.username}</p>
        <form method="post" action="/i/oauth2/authorize${escapeHtml(url.search)}">
          <button name="decision" value="allow">Authorize app</button>
          <button name="decision" value="deny">Cancel</button>
        </form></main></html>`);
      return;
    }
    if (request.method === "POST" && url.pathname === "/i/oauth2/authorize") {
      const decision = new URLSearchParams(await readBody(request)).get("decision");
      const back = new URL(url.searchParams.get("redirect_uri")!);
      back.searchParams.set("state", url.searchParams.get("state")!);
      if (decision === "allow") {
        const code = randomBytes(16).toString("hex");
        grants.set(code, { challenge: url.searchParams.get("code_challenge")!, redirectUri: url.searchParams.get("redirect_uri")!, used: false });
        back.searchParams.set("code", code);
      } else {
        back.searchParams.set("error", "access_denied");
      }
      response.writeHead(302, { Location: back.toString() });
      response.end();
      return;
    }
    if (request.method === "POST" && url.pathname === "/2/oauth2/token") {
      const basic = Buffer.from(`${FAKE_X_CLIENT.id}:${FAKE_X_CLIENT.secret}`).toString("base64");
      if (request.headers.authorization !== `Basic ${basic}`) return json(401, { error: "unauthorized_client", error_description: "Missing valid authorization header" });
      const form = new URLSearchParams(await readBody(request));
      const grant = grants.get(form.get("code") ?? "");
      const verifier = form.get("code_verifier") ?? "";
      const challenge = createHash("sha256").update(verifier).digest("base64url");
      if (form.get("grant_type") !== "authorization_code" || !grant || grant.used || grant.redirectUri !== form.get("redirect_uri") || grant.challenge !== challenge) {
        return json(400, { error: "invalid_request", error_description: "Value passed for the authorization code was invalid." });
      }
      grant.used = true;
      const access = randomBytes(16).toString("hex");
      tokens.add(access);
      return json(200, { token_type: "bearer", expires_in: 7200, access_token: access, refresh_token: randomBytes(16).toString("hex"), scope: "tweet.read tweet.write users.read offline.access media.write" });
    }
    if (request.method === "GET" && url.pathname === "/2/users/me") {
      if (!bearer()) return json(401, { title: "Unauthorized", type: "about:blank", status: 401, detail: "Unauthorized" });
      return json(200, { data: { ...FAKE_X_USER, profile_image_url: null } });
    }
    if (request.method === "POST" && url.pathname === "/2/tweets") {
      if (!bearer()) return json(401, { title: "Unauthorized", type: "about:blank", status: 401, detail: "Unauthorized" });
      const body = JSON.parse(await readBody(request)) as { text: string; reply?: { in_reply_to_tweet_id: string } };
      const id = String(1_800_000_000_000_000_000n + BigInt(tweets.length + 1));
      tweets.push({ id, text: body.text, in_reply_to: body.reply?.in_reply_to_tweet_id });
      return json(201, { data: { id, text: body.text, edit_history_tweet_ids: [id] } });
    }
    if (request.method === "GET" && url.pathname.startsWith("/2/users/") && url.pathname.endsWith("/tweets")) {
      if (!bearer()) return json(401, { title: "Unauthorized", type: "about:blank", status: 401, detail: "Unauthorized" });
      return json(200, { data: [...tweets].reverse().map(({ id, text }) => ({ id, text })), meta: { result_count: tweets.length } });
    }
    if (request.method === "GET" && url.pathname === "/__fake/tweets") return json(200, tweets);
    json(404, { title: "Not Found Error", detail: `No route ${request.method} ${url.pathname}` });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("The fake X server did not get a port");
  return { url: `http://127.0.0.1:${address.port}`, server };
}
