import { Validator } from "@cfworker/json-schema";
import { exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiScopes, type ApiScope } from "../../core/contracts/api-keys";
import { memberships, type User, type Workspace } from "../../worker/db/schema";
import { exampleFixtures, fillExample, fixtureName, type ExampleFixture } from "../../worker/openapi/examples";
import { createWorkspaceKey, revokeKey } from "../../worker/services/api-keys/keys";
import { addMember, api, buildMember, buildWorkspace, db, json, tokenFor } from "../factories";
import { openApiDocument, operationsOf, selfContained, successOf, type DocumentedOperation, type Schema } from "./openapi-operations";

// The contract test: every documented operation, called with its own example by a workspace key
// holding exactly the operation's scope, answers the documented success status with a body the
// documented schema accepts. So the scopes, the examples and the answer schemas are all proven.

/**
 * Who makes fixtures: reads act on what a colleague (the workspace's owner) made; anything that
 * changes or deletes acts on fixtures of its own, made by the calling key's own user just before
 * (as a script works on what it created), so no operation sees another's leftovers and the order
 * does not matter. The key's user is a member only while its fixtures are made, through the API.
 */
interface Maker {
  token: string;
  made: Map<ExampleFixture, Promise<number>>;
}

let sequence = 0;
const unique = (text: string) => `${text} ${++sequence}`;

async function created(response: Response | Promise<Response>, what: string) {
  const answer = await response;
  if (answer.status >= 300) throw new Error(`making the ${what} fixture: ${answer.status} ${await answer.text()}`);
  return (await json(answer)).data;
}

const campaignBrief = {
  name: "Spring roast launch",
  brief: "Our new spring roast is bright and floral. We want offices to order a tasting box.",
  goal: "Tasting box orders",
  starts_on: "2030-03-01",
  ends_on: "2030-03-15",
  strategy: "CrosspostStrategy",
  channels: ["twitter", "linkedin", "instagram"],
};

interface MakeContext {
  token: string;
  /** A fixture this one depends on: the operation's own when its example names it too. */
  need: (name: ExampleFixture) => Promise<number>;
  /** The operation's own fixture of that name, if its example names one (made before this one). */
  named: (name: ExampleFixture) => number | undefined;
}

/** The order fixtures are made in, so that what one depends on exists first. */
const MAKING_ORDER: ExampleFixture[] = ["workspace", "account", "article", "folder", "upload", "schedule", "campaign", "campaign_item", "post", "comment", "brand_kit", "webhook", "template", "knowledge", "email_sequence", "member"];

/** How each fixture is made through the API. */
function fixtureMakers(workspace: Workspace): Record<ExampleFixture, (context: MakeContext) => Promise<number>> {
  const ws = workspace.id;
  const article = (token: string, fields: Record<string, unknown> = {}) =>
    created(api(`/w/${ws}/articles`, { method: "POST", token, body: { article: { title: unique("Spring menu launch"), markdown: "# Spring menu\n\nThree new dishes from **April 1**.", ...fields } } }), "article");
  const campaign = (token: string) => created(api(`/w/${ws}/campaigns`, { method: "POST", token, body: campaignBrief }), "campaign");
  return {
    workspace: async () => ws,
    article: async ({ token }) => (await article(token)).id,
    template: async ({ token }) => (await article(token, { kind: "template" })).id,
    folder: async ({ token }) => (await created(api(`/w/${ws}/folders`, { method: "POST", token, body: { folder: { name: unique("Spring campaign") } } }), "folder")).id,
    upload: async ({ token }) => {
      const bytes = new TextEncoder().encode("Spring menu: greens, oat latte, rhubarb tart.");
      const link = await created(api("/files/upload_url", { method: "POST", token, workspaceId: ws, body: { filename: "spring-menu.txt", content_type: "text/plain", size: bytes.length } }), "upload");
      await created(exports.default.fetch(`https://app.test${link.upload_url}`, { method: "PUT", body: bytes, headers: link.headers }), "upload's bytes");
      return link.id;
    },
    account: async ({ token }) => (await created(api(`/w/${ws}/social_accounts`, { method: "POST", token, body: { network: "sandbox", display_name: unique("Fernhill Sandbox") } }), "account")).id,
    // A post named beside a schedule waits in that schedule's queue; otherwise it has a time.
    post: async ({ token, need, named }) => {
      const when = named("schedule") ? { schedule_id: named("schedule") } : { publish_at: "2030-03-28T09:00:00Z" };
      return (await created(api(`/w/${ws}/posts`, { method: "POST", token, body: { text: "Our spring menu is out.", targets: [{ account_id: await need("account") }], ...when } }), "post")).id;
    },
    schedule: async ({ token, need }) =>
      (
        await created(
          api(`/w/${ws}/schedules`, { method: "POST", token, body: { account_id: await need("account"), name: unique("Weekday mornings"), slots: [{ day: "mon", time: "09:00" }], time_zone: "Europe/Paris" } }),
          "schedule",
        )
      ).id,
    // A campaign named alone is ready to schedule: its pieces approved, as a workspace's rules may ask.
    campaign: async ({ token }) => {
      const made = await campaign(token);
      for (const piece of made.items) await created(api(`/campaign_items/${piece.id}/approve`, { method: "POST", token }), "approved piece");
      return made.id;
    },
    // A piece named beside a campaign is one of that campaign's.
    campaign_item: async ({ token, named }) => {
      const campaignId = named("campaign");
      const pieces = campaignId ? (await created(api(`/campaigns/${campaignId}`, { token }), "campaign item")).items : (await campaign(token)).items;
      return pieces[0].id;
    },
    brand_kit: async ({ token }) => (await created(api(`/w/${ws}/brand_kits`, { method: "POST", token, body: { name: unique("Fernhill Coffee") } }), "brand kit")).id,
    webhook: async ({ token }) =>
      (await created(api(`/w/${ws}/webhooks`, { method: "POST", token, body: { url: "https://hooks.example.com/brandwork", events: ["post.published"] } }), "webhook")).id,
    comment: async ({ token, need }) => (await created(api(`/articles/${await need("article")}/comments`, { method: "POST", token, body: { body: "Can we add the oat latte?" } }), "comment")).id,
    knowledge: async ({ token }) =>
      (
        await created(
          api(`/w/${ws}/knowledge_sources`, { method: "POST", token, body: { source: { type: "text", title: unique("House style"), text: "We roast in small batches and say so plainly." } } }),
          "knowledge",
        )
      ).id,
    // A sequence is written by the content engine (the offline writer here); its id comes in the stream's `done` event.
    email_sequence: async ({ token }) => {
      const brief = { kind: "nurture", topic: unique("Welcome to Fernhill"), goal: "Book a first tasting", count: 2, cadence_days: 3 };
      const stream = await (await api(`/w/${ws}/generations`, { method: "POST", token, body: { kind: "email_sequence", brief } })).text();
      const done = stream.split("\n\n").find((block) => block.startsWith("event: done"));
      if (!done) throw new Error(`making the email_sequence fixture: ${stream.slice(0, 300)}`);
      return (JSON.parse(done.match(/^data: (.+)$/m)![1]!) as { sequence: { id: number } }).sequence.id;
    },
    // Members join by invitation, in a browser: the member is made directly, as other tests do.
    member: async () => (await buildMember(workspace, "member")).user.id,
  };
}

/** The fixture names an example uses, in its params, query and body. */
function fixturesIn(value: unknown): ExampleFixture[] {
  const name = fixtureName(value);
  if (name) {
    if (!exampleFixtures.includes(name as ExampleFixture)) throw new Error(`"$${name}" is not a fixture the contract test makes (worker/openapi/examples.ts)`);
    return [name as ExampleFixture];
  }
  if (value && typeof value === "object") return [...new Set(Object.values(value).flatMap(fixturesIn))];
  return [];
}

const document = await openApiDocument();
const operations = operationsOf(document);

describe("every documented operation answers its example as documented", () => {
  let workspace: Workspace;
  let owner: User;
  let makers: ReturnType<typeof fixtureMakers>;
  let colleague: Maker;
  const keys = new Map<ApiScope, Promise<{ token: string; userId: number; maker: Maker }>>();

  beforeAll(async () => {
    ({ workspace, owner } = await buildWorkspace());
    makers = fixtureMakers(workspace);
    colleague = { token: await tokenFor(owner), made: new Map() };
  });

  /** A key holding exactly `scope` (one per scope), and a maker for its own fixtures. */
  const keyWith = (scope: ApiScope) => {
    if (!keys.has(scope)) {
      keys.set(
        scope,
        createWorkspaceKey(db, workspace.id, owner, { name: `Contract (${scope})`, scopes: [scope] }).then(async ({ key, token }) => ({
          token,
          userId: key.userId,
          maker: { token: await tokenFor({ id: key.userId }), made: new Map() },
        })),
      );
    }
    return keys.get(scope)!;
  };

  /** A fixture an operation does not name but one of its fixtures needs: one per maker, made once. */
  const shared = (maker: Maker, name: ExampleFixture): Promise<number> => {
    if (!maker.made.has(name)) maker.made.set(name, makers[name]({ token: maker.token, need: (dependency) => shared(maker, dependency), named: () => undefined }));
    return maker.made.get(name)!;
  };

  /**
   * The fixtures the example names, fresh for this operation: a colleague's for a read, the key's
   * own for anything else. Fixtures named together belong together (a post in the named schedule,
   * a comment on the named document).
   */
  async function fixturesFor(entry: DocumentedOperation, key: { userId: number; maker: Maker }) {
    const names = fixturesIn(entry.operation["x-example"]);
    const reading = entry.method === "get";
    const maker = reading ? colleague : key.maker;
    const membership = reading ? null : await addMember(workspace, { id: key.userId }, "admin");
    const ids = new Map<ExampleFixture, number>();
    try {
      const need = async (name: ExampleFixture) => ids.get(name) ?? shared(maker, name);
      for (const name of MAKING_ORDER.filter((fixture) => names.includes(fixture))) {
        ids.set(name, await makers[name]({ token: maker.token, need, named: (other) => ids.get(other) }));
      }
    } finally {
      if (membership) await db.delete(memberships).where(eq(memberships.id, membership.id));
    }
    return ids;
  }

  const validator = (schema: Schema) => new Validator(selfContained(schema, document), "2020-12", false);
  const problems = (schema: Schema, body: unknown) => validator(schema).validate(body).errors.map((error) => `${error.instanceLocation} ${error.keywordLocation}: ${error.error}`);

  it("documents at least one operation", () => {
    expect(operations.length).toBeGreaterThan(0);
  });

  it.each(operations.map((entry) => [entry.name, entry] as const))("%s", async (name, entry) => {
    const { operation } = entry;
    const example = operation["x-example"] ?? {};
    const success = successOf(operation)!;
    const key = await keyWith(operation["x-scope"] as ApiScope);
    const ids = await fixturesFor(entry, key);
    const text = (value: string) => String(fixtureName(value) ? ids.get(fixtureName(value) as ExampleFixture) : value);

    const path = entry.path.replace(/^\/v1/, "").replace(/\{(\w+)\}/g, (_, param: string) => encodeURIComponent(text(example.params?.[param] ?? `{${param}}`)));
    const query = new URLSearchParams(Object.entries(example.query ?? {}).map(([field, value]) => [field, text(value)]));
    const bodySchema = operation.requestBody?.content["application/json"]?.schema;
    const body = example.body === undefined ? undefined : fillExample(example.body, bodySchema, (fixture) => ids.get(fixture as ExampleFixture)!, document.components.schemas);

    const response = await api(`${path}${query.size ? `?${query}` : ""}`, { method: entry.method.toUpperCase(), token: key.token, body });
    const answer = await response.text();
    expect(response.status, `${name} answered: ${answer.slice(0, 500)}`).toBe(success.status);
    if (!success.mediaType) return;
    if (success.mediaType === "application/json") expect(problems(success.schema!, JSON.parse(answer)), `${name}: the answer against its schema`).toEqual([]);
    // Bytes come back with the file's own type; any other answer with the documented one.
    else if (success.mediaType !== "application/octet-stream") expect(response.headers.get("Content-Type"), `${name}: the answer's type`).toContain(success.mediaType);
  });

  it("answers a revoked key, and a key without the scope, in the documented error shape", async () => {
    const entry = operations[0]!;
    const scope = entry.operation["x-scope"] as ApiScope;
    const path = entry.path.replace(/^\/v1/, "").replace(/\{(\w+)\}/g, "1");
    const errorSchema = { $ref: "#/components/schemas/Error" };

    const { key, token } = await createWorkspaceKey(db, workspace.id, owner, { name: "Revoked", scopes: [scope] });
    await revokeKey(db, key);
    const revoked = await api(path, { method: entry.method.toUpperCase(), token });
    expect(revoked.status).toBe(401);
    expect(entry.operation.responses["401"]).toBeDefined();
    expect(problems(errorSchema, await json(revoked))).toEqual([]);

    const other = apiScopes.find((candidate) => candidate !== scope)!;
    const lacking = await api(path, { method: entry.method.toUpperCase(), token: (await createWorkspaceKey(db, workspace.id, owner, { name: "Other scope", scopes: [other] })).token });
    expect(lacking.status).toBe(403);
    const refusal = await json(lacking);
    expect(refusal).toMatchObject({ error: "missing_scope", scope });
    expect(problems(errorSchema, refusal)).toEqual([]);
  });
});
