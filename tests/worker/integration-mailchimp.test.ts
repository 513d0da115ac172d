import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { emailSequences, mailOutbox, mailQuotas } from "../../worker/db/schema";
import { integrationService } from "../../worker/services/integrations";
import { MAIL_LIMITS } from "../../worker/services/mail-quota";
import type { ConnectedAccount, Connector } from "../../worker/services/publishing/providers/types";
import { api, buildMember, buildWorkspace, db, json, tokenFor } from "../factories";
import { contextWith, reloadIntegration, seen, storeIntegration, type SeenRequest } from "./integration-helpers";

const TOKEN = "mc_access_token_1";
const APP = { clientId: "mc-client", clientSecret: "mc-secret" };
const REDIRECT = "https://app.test/integrations/mailchimp/callback";
const API = "https://us21.api.mailchimp.com";

/**
 * Mailchimp as documented: the token at login.mailchimp.com/oauth2/token, the metadata with
 * `Authorization: OAuth <token>` naming the data centre's api_endpoint, then the Marketing
 * API 3.0 there with a Bearer token: lists, campaigns (created, patched), their content; errors
 * as RFC 7807 problem documents.
 */
function fakeMailchimp() {
  const options = { loseCreateAnswer: false };
  const requests: SeenRequest[] = [];
  const campaigns = new Map<string, { id: string; web_id: number; settings: Record<string, string>; recipients: { list_id: string }; html?: string }>();
  let nextId = 1;
  const queued: (() => Response)[] = [];
  const problem = (status: number, title: string, detail: string, errors?: unknown[]) =>
    Response.json({ type: "https://mailchimp.com/developer/marketing/docs/errors/", title, status, detail, instance: "abc-123", ...(errors ? { errors } : {}) }, { status, headers: { "content-type": "application/problem+json" } });

  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = await seen(input, init);
    requests.push(request);
    const { pathname } = request.url;
    if (request.url.origin === "https://login.mailchimp.com") {
      if (pathname === "/oauth2/token" && request.method === "POST") {
        const form = Object.fromEntries(new URLSearchParams(request.body));
        if (form.code !== "good-code") return Response.json({ error: "invalid_grant", error_description: "Invalid authorization code" }, { status: 400 });
        expect(form).toEqual({ grant_type: "authorization_code", code: "good-code", redirect_uri: REDIRECT, client_id: APP.clientId, client_secret: APP.clientSecret });
        return Response.json({ access_token: TOKEN, expires_in: 0, scope: null });
      }
      if (pathname === "/oauth2/metadata") {
        if (request.headers.get("authorization") !== `OAuth ${TOKEN}`) return Response.json({ error: "invalid_token" }, { status: 401 });
        return Response.json({ dc: "us21", role: "owner", accountname: "Fernhill Foods", user_id: 42, login: { login_email: "owner@fernhill.test" }, login_url: "https://login.mailchimp.com", api_endpoint: API });
      }
    }
    if (request.url.origin !== API) return new Response("unexpected host", { status: 502 });
    if (request.headers.get("authorization") !== `Bearer ${TOKEN}`) return problem(401, "API Key Invalid", "Your API key may be invalid, or you've attempted to access the wrong datacenter.");
    const next = queued.shift();
    if (next) return next();
    if (pathname === "/3.0/lists") {
      return Response.json({
        lists: [
          { id: "list-a", web_id: 11, name: "Newsletter", campaign_defaults: { from_name: "Fernhill", from_email: "hello@fernhill.test", subject: "", language: "en" } },
          { id: "list-b", web_id: 12, name: "Customers", campaign_defaults: { from_name: "Fernhill Shop", from_email: "shop@fernhill.test", subject: "", language: "en" } },
        ],
        total_items: 2,
      });
    }
    if (pathname === "/3.0/campaigns" && request.method === "GET") {
      const query = request.url.searchParams;
      expect(query.get("status")).toBe("save");
      expect(query.get("since_create_time")).toMatch(/^\d{4}-\d\d-\d\dT/);
      const found = [...campaigns.values()].filter((c) => c.recipients.list_id === query.get("list_id"));
      return Response.json({ campaigns: found.map((c) => ({ id: c.id, web_id: c.web_id, settings: { title: c.settings.title } })), total_items: found.length });
    }
    if (pathname === "/3.0/campaigns" && request.method === "POST") {
      const body = JSON.parse(request.body);
      expect(body.type).toBe("regular");
      const campaign = { id: `camp-${nextId}`, web_id: 500 + nextId++, settings: body.settings, recipients: body.recipients };
      campaigns.set(campaign.id, campaign);
      // The campaign is made, but the answer is lost on the way back.
      if (options.loseCreateAnswer) {
        options.loseCreateAnswer = false;
        throw new TypeError("Network connection lost.");
      }
      return Response.json({ id: campaign.id, web_id: campaign.web_id, type: "regular", status: "save", recipients: campaign.recipients, settings: campaign.settings });
    }
    const match = /^\/3\.0\/campaigns\/([^/]+)(\/content)?$/.exec(pathname);
    if (match) {
      const campaign = campaigns.get(match[1]!);
      if (!campaign) return problem(404, "Resource Not Found", "The requested resource could not be found.");
      const body = JSON.parse(request.body);
      if (match[2] && request.method === "PUT") {
        campaign.html = body.html;
        return Response.json({ html: body.html, plain_text: "" });
      }
      if (!match[2] && request.method === "PATCH") {
        Object.assign(campaign, { settings: body.settings, recipients: body.recipients });
        return Response.json({ id: campaign.id, web_id: campaign.web_id, status: "save", settings: campaign.settings });
      }
    }
    return problem(404, "Resource Not Found", "The requested resource could not be found.");
  });
  return { fetch, requests, campaigns, options, answerNext: (answer: () => Response) => void queued.push(answer), problem };
}

const connector = () => integrationService("mailchimp")!.connectors[0] as Extract<Connector, { kind: "oauth" }>;
const exchange = (fake: ReturnType<typeof fakeMailchimp>, code = "good-code") =>
  connector().exchangeCode(contextWith(fake.fetch as unknown as typeof fetch), { app: APP, code, codeVerifier: "v", redirectUri: REDIRECT });

afterEach(() => void vi.restoreAllMocks());

describe("connecting Mailchimp", () => {
  it("sends the person to Mailchimp's authorize page with the signed state", () => {
    const url = new URL(connector().authorizeUrl({ app: APP, redirectUri: REDIRECT, state: "signed-state", codeChallenge: "c" }, env));
    expect(url.origin + url.pathname).toBe("https://login.mailchimp.com/oauth2/authorize");
    expect(Object.fromEntries(url.searchParams)).toEqual({ response_type: "code", client_id: APP.clientId, redirect_uri: REDIRECT, state: "signed-state" });
  });

  it("exchanges the code, finds the data centre and offers each audience", async () => {
    const fake = fakeMailchimp();
    const accounts = await exchange(fake);
    expect(accounts.map((a) => [a.externalId, a.displayName])).toEqual([
      ["list-a", "Fernhill Foods · Newsletter"],
      ["list-b", "Fernhill Foods · Customers"],
    ]);
    expect(accounts[0]).toMatchObject({
      credentials: { accessToken: TOKEN },
      expiresAt: null,
      url: "https://us21.admin.mailchimp.com/lists/members/?id=11",
      settings: { apiEndpoint: API, dc: "us21", listId: "list-a", fromName: "Fernhill", replyTo: "hello@fernhill.test" },
    });
    expect(fake.requests.map((r) => `${r.method} ${r.url.origin}${r.url.pathname}`)).toEqual([
      "POST https://login.mailchimp.com/oauth2/token",
      "GET https://login.mailchimp.com/oauth2/metadata",
      `GET ${API}/3.0/lists`,
    ]);
  });

  it("refuses metadata that names an API address outside Mailchimp", async () => {
    const fake = fakeMailchimp();
    const real = fake.fetch.getMockImplementation()!;
    fake.fetch.mockImplementation(async (input, init) => {
      if (String(input).endsWith("/oauth2/metadata")) return Response.json({ dc: "us21", api_endpoint: "https://attacker.example" });
      return real(input, init);
    });
    await expect(exchange(fake)).rejects.toMatchObject({ kind: "refused", message: expect.stringContaining("not Mailchimp's") });
    expect(fake.requests.some((r) => r.url.host === "attacker.example")).toBe(false);
  });

  it("says what Mailchimp answered when it refuses the code", async () => {
    await expect(exchange(fakeMailchimp(), "stale")).rejects.toMatchObject({ message: expect.stringContaining("Invalid authorization code") });
  });
});

describe("sending an email sequence to Mailchimp", () => {
  let fake: ReturnType<typeof fakeMailchimp>;
  beforeEach(() => {
    fake = fakeMailchimp();
    vi.spyOn(globalThis, "fetch").mockImplementation(fake.fetch as unknown as typeof fetch);
  });

  const EMAILS = [
    { send_day: 0, subject: "Welcome to Fernhill", preview: "Glad you're here", body: "Hello **friend**, welcome." },
    { send_day: 3, subject: "Our spring menu", preview: "Wild garlic is back", body: "See what's new this spring." },
  ];

  async function connected() {
    const { workspace, owner } = await buildWorkspace();
    const token = await tokenFor(owner);
    const [account] = await exchange(fakeMailchimp());
    const integration = await storeIntegration(workspace.id, owner.id, "mailchimp", "email_marketing", account as ConnectedAccount);
    const [sequence] = await db.insert(emailSequences).values({ workspaceId: workspace.id, kind: "nurture", title: "Welcome series", brief: {}, emails: EMAILS, createdById: owner.id }).returning();
    return { workspace, owner, token, integration, sequence: sequence! };
  }

  const push = (sequenceId: number, token: string, body: unknown) => api(`/email_sequences/${sequenceId}/mailchimp`, { method: "POST", token, body });

  it("makes one campaign draft per email, with its subject, preview, audience and HTML", async () => {
    const { token, integration, sequence } = await connected();
    const response = await push(sequence.id, token, { integration_id: integration.id });
    expect(response.status).toBe(200);
    const { data } = await json(response);
    expect(data.results).toEqual([
      { position: 0, subject: "Welcome to Fernhill", ok: true, campaign_id: "camp-1", url: "https://us21.admin.mailchimp.com/campaigns/edit?id=501", recreated: false, error: null },
      { position: 1, subject: "Our spring menu", ok: true, campaign_id: "camp-2", url: "https://us21.admin.mailchimp.com/campaigns/edit?id=502", recreated: false, error: null },
    ]);
    const create = fake.requests.find((r) => r.method === "POST")!;
    expect(create.url.href).toBe(`${API}/3.0/campaigns`);
    expect(create.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
    expect(JSON.parse(create.body)).toEqual({
      type: "regular",
      recipients: { list_id: "list-a" },
      settings: { subject_line: "Welcome to Fernhill", preview_text: "Glad you're here", title: "Welcome series · 1. Welcome to Fernhill", from_name: "Fernhill", reply_to: "hello@fernhill.test" },
    });
    const content = fake.campaigns.get("camp-1")!.html!;
    expect(content).toMatch(/^<!DOCTYPE html>/);
    expect(content).toContain("<strong");
    expect(content).toContain("welcome.");

    const listed = await json(await api(`/email_sequences/${sequence.id}/mailchimp`, { token }));
    expect(listed.data[0].campaigns.map((c: { campaign_id: string }) => c.campaign_id)).toEqual(["camp-1", "camp-2"]);
  });

  it("a second push updates the same drafts", async () => {
    const { token, integration, sequence } = await connected();
    await push(sequence.id, token, { integration_id: integration.id });
    await db.update(emailSequences).set({ emails: [{ ...EMAILS[0]!, subject: "Welcome aboard" }, EMAILS[1]!] }).where(eq(emailSequences.id, sequence.id));
    const { data } = await json(await push(sequence.id, token, { integration_id: integration.id }));
    expect(data.results.map((r: { campaign_id: string }) => r.campaign_id)).toEqual(["camp-1", "camp-2"]);
    expect(fake.campaigns.size).toBe(2);
    expect(fake.campaigns.get("camp-1")!.settings.subject_line).toBe("Welcome aboard");
    expect(fake.requests.filter((r) => r.method === "PATCH").map((r) => r.url.pathname)).toEqual(["/3.0/campaigns/camp-1", "/3.0/campaigns/camp-2"]);
  });

  it("makes a draft again when it was deleted in Mailchimp, and says so", async () => {
    const { token, integration, sequence } = await connected();
    await push(sequence.id, token, { integration_id: integration.id });
    fake.campaigns.delete("camp-2");
    const { data } = await json(await push(sequence.id, token, { integration_id: integration.id }));
    expect(data.results[1]).toMatchObject({ ok: true, campaign_id: "camp-3", recreated: true });
  });

  it("after a create that got no answer, finds that draft instead of making a second one", async () => {
    const { token, integration, sequence } = await connected();
    fake.options.loseCreateAnswer = true;
    const first = await json(await push(sequence.id, token, { integration_id: integration.id }));
    expect(first.data.results[0]).toMatchObject({ ok: false, error: expect.stringContaining("did not answer") });
    expect(first.data.results[1]).toMatchObject({ ok: false, error: expect.stringContaining("Not sent") });
    expect(fake.campaigns.size).toBe(1);

    const second = await json(await push(sequence.id, token, { integration_id: integration.id }));
    expect(second.data.results.map((r: { campaign_id: string }) => r.campaign_id)).toEqual(["camp-1", "camp-2"]);
    expect(fake.campaigns.size).toBe(2);
    expect(fake.requests.filter((r) => r.url.pathname === "/3.0/campaigns").map((r) => r.method)).toEqual(["POST", "GET", "POST"]);
    expect(fake.requests.filter((r) => r.method === "PATCH").map((r) => r.url.pathname)).toEqual(["/3.0/campaigns/camp-1"]);
  });

  it("asks to connect Mailchimp again when it answers 401", async () => {
    const { token, integration, sequence } = await connected();
    fake.answerNext(() => fake.problem(401, "API Key Invalid", "Your API key may be invalid, or you've attempted to access the wrong datacenter."));
    const response = await push(sequence.id, token, { integration_id: integration.id });
    expect(response.status).toBe(409);
    expect((await json(response)).message).toContain("Connect it again");
    expect((await reloadIntegration(integration.id)).state).toBe("needs_reauth");
  });

  it("reports an email Mailchimp refuses in its words, and still sends the others (400)", async () => {
    const { token, integration, sequence } = await connected();
    fake.answerNext(() => fake.problem(400, "Invalid Resource", "The resource submitted could not be validated.", [{ field: "settings.reply_to", message: "This value should be a valid email." }]));
    const { data } = await json(await push(sequence.id, token, { integration_id: integration.id }));
    expect(data.results[0]).toMatchObject({
      ok: false,
      campaign_id: null,
      error: "Mailchimp refused it: 400 Invalid Resource: The resource submitted could not be validated.; settings.reply_to: This value should be a valid email.",
    });
    expect(data.results[1]).toMatchObject({ ok: true, campaign_id: "camp-1" });
  });

  it("answers 404 for another workspace's audience, and sends nothing", async () => {
    const { token, sequence } = await connected();
    const other = await connected();
    fake.requests.length = 0;
    expect((await push(sequence.id, token, { integration_id: other.integration.id })).status).toBe(404);
    expect(fake.requests).toEqual([]);
  });

  it("is not for people outside the sequence's workspace", async () => {
    const { integration, sequence } = await connected();
    const stranger = await buildMember((await buildWorkspace()).workspace);
    expect((await push(sequence.id, stranger.token, { integration_id: integration.id })).status).toBe(404);
  });
});

describe("sending oneself a test of an email", () => {
  async function sequenceFor() {
    const { workspace, owner } = await buildWorkspace();
    const [sequence] = await db
      .insert(emailSequences)
      .values({ workspaceId: workspace.id, kind: "nurture", title: "Welcome series", brief: {}, emails: [{ send_day: 0, subject: "Welcome to Fernhill", preview: "Glad you're here", body: "Hello **friend**." }] })
      .returning();
    return { workspace, owner, token: await tokenFor(owner), sequence: sequence! };
  }

  it("sends the email, rendered, to the signed-in person through the mail module", async () => {
    const { owner, token, sequence } = await sequenceFor();
    const response = await api(`/email_sequences/${sequence.id}/test_send`, { method: "POST", token, body: { position: 0 } });
    expect(response.status).toBe(200);
    expect((await json(response)).data).toMatchObject({ to: owner.email, transport: "outbox" });
    const [mail] = await db.select().from(mailOutbox).where(and(eq(mailOutbox.to, owner.email), eq(mailOutbox.kind, "email_sequence_test")));
    expect(mail).toMatchObject({ subject: "[Test] Welcome to Fernhill" });
    expect(mail!.html).toContain("<strong");
    expect(mail!.text).toContain("Hello friend.");
  });

  it("counts against the hourly mail limit like other mail (429)", async () => {
    const { owner, token, sequence } = await sequenceFor();
    const hour = 60 * 60 * 1000;
    await db.insert(mailQuotas).values({ key: `user:${owner.id}`, windowStart: Math.floor(Date.now() / hour) * hour, count: MAIL_LIMITS.perUser });
    const response = await api(`/email_sequences/${sequence.id}/test_send`, { method: "POST", token, body: { position: 0 } });
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBeTruthy();
  });

  it("names the field when the email is not in the sequence", async () => {
    const { token, sequence } = await sequenceFor();
    const response = await api(`/email_sequences/${sequence.id}/test_send`, { method: "POST", token, body: { position: 4 } });
    expect(response.status).toBe(400);
    expect((await json(response)).fields.position).toBeDefined();
  });
});
