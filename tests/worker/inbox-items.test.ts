import { env, exports } from "cloudflare:workers";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { AUTH_COOKIE_NAME, authStateFor, encodeAuthState } from "../../app/lib/auth-cookie";
import type { InboxEmailMode, InboxItemType } from "../../core/contracts/inbox";
import { channelMemberships, channels, inboxItems, mailOutbox, type Workspace } from "../../worker/db/schema";
import { notify, sendInboxDigests } from "../../worker/services/inbox";
import { accountEvent, postEvent } from "../../worker/services/publishing/events";
import { api, buildArticle, buildMember, buildWorkspace, db, grant, json, tokenFor } from "../factories";

async function setup() {
  const { workspace, owner } = await buildWorkspace({ name: "Inbox Co" });
  const ownerToken = await tokenFor(owner);
  const member = await buildMember(workspace, "member");
  const article = await buildArticle(workspace, owner, { title: "Spring launch" });
  await grant({ article }, "User", "edit", { userId: member.user.id });
  return { workspace, owner, ownerToken, member, article };
}

const inbox = (workspace: Pick<Workspace, "id">, token: string, query = "") => api(`/w/${workspace.id}/inbox${query}`, { token });
const counts = async (workspace: Pick<Workspace, "id">, token: string) =>
  (await json(await api(`/w/${workspace.id}/inbox/counts`, { token }))).data;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const itemsOf = (body: Record<string, any>) => (body.data as { items: Record<string, any>[] }[]).flatMap((group) => group.items);
const mailsTo = (to: string) => db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id));

function nextMessage(socket: WebSocket) {
  return new Promise<Record<string, unknown>>((resolve) =>
    socket.addEventListener("message", (event) => resolve(JSON.parse(event.data as string)), { once: true }),
  );
}

async function openSocket(headers: Record<string, string>) {
  const response = await exports.default.fetch("https://app.test/v1/inbox/socket", { headers: { Upgrade: "websocket", ...headers } });
  if (response.status !== 101) return { response, socket: null };
  const socket = response.webSocket!;
  const hello = nextMessage(socket);
  socket.accept();
  await hello;
  return { response, socket };
}

describe("notify", () => {
  it("stores an item for each person concerned, never for the actor themselves", async () => {
    const { workspace, owner, member, article } = await setup();
    const stored = await notify(db, env, [
      { workspaceId: workspace.id, recipientId: member.user.id, actorId: owner.id, type: "Review", event: "requested", articleId: article.id },
      { workspaceId: workspace.id, recipientId: owner.id, actorId: owner.id, type: "Review", event: "requested", articleId: article.id },
    ]);
    expect(stored.map((item) => item.recipientId)).toEqual([member.user.id]);
    expect(await db.select().from(inboxItems).where(eq(inboxItems.recipientId, owner.id))).toHaveLength(0);
  });

  it("pushes the new item to every open tab of the recipient at once", async () => {
    const { workspace, owner, member, article } = await setup();
    const { socket } = await openSocket({ Authorization: `Bearer ${member.token}` });
    const pushed = nextMessage(socket!);
    await notify(db, env, [
      { workspaceId: workspace.id, recipientId: member.user.id, actorId: owner.id, type: "Comment", event: "mentioned", articleId: article.id },
    ]);
    expect(await pushed).toMatchObject({ type: "inbox.created", workspace_id: workspace.id, item_type: "Comment", article_id: article.id });
    socket!.close();
  });
});

describe("GET /v1/w/:ws/inbox", () => {
  it("lists the person's items grouped by document, newest first, each with its sentence and link", async () => {
    const { workspace, owner, member, article } = await setup();
    const other = await buildArticle(workspace, owner, { title: "Pricing page" });
    await grant({ article: other }, "User", "read", { userId: member.user.id });
    const item = (articleId: number, type: "Review" | "Comment", event: string) => ({
      workspaceId: workspace.id,
      recipientId: member.user.id,
      actorId: owner.id,
      type,
      event,
      articleId,
    });
    await notify(db, env, [item(article.id, "Review", "requested")]);
    await notify(db, env, [item(other.id, "Comment", "commented")]);
    await notify(db, env, [item(article.id, "Comment", "mentioned")]);

    const body = await json(await inbox(workspace, member.token));
    expect(body.data.map((group: { article: { title: string } }) => group.article.title)).toEqual(["Spring launch", "Pricing page"]);
    expect(body.data[0].items.map((i: { type: string }) => i.type)).toEqual(["Comment", "Review"]);
    expect(body.data[0].unread).toBe(2);
    expect(body.data[0].items[1]).toMatchObject({
      text: 'Test User asked you to approve "Spring launch"',
      actor: { id: owner.id },
      read: false,
      archived: false,
    });
    expect(body.data[0].items[1].url).toMatch(new RegExp(`^/docs/spring-launch-${article.id}`));

    const onlyComments = await json(await inbox(workspace, member.token, "?types=Comment"));
    expect(itemsOf(onlyComments).every((i) => i.type === "Comment")).toBe(true);
    expect(itemsOf(onlyComments)).toHaveLength(2);
  });

  it("refuses an unknown type filter with 400 naming the field", async () => {
    const { workspace, member } = await setup();
    const response = await inbox(workspace, member.token, "?types=Review,Gossip");
    expect(response.status).toBe(400);
    expect(Object.keys((await json(response)).fields)).toContain("types.1");
  });

  it("shows a stranger to the workspace nothing (404) and never another person's items", async () => {
    const { workspace, owner, member, article } = await setup();
    await notify(db, env, [{ workspaceId: workspace.id, recipientId: member.user.id, actorId: owner.id, type: "Review", event: "requested", articleId: article.id }]);
    const stranger = await buildWorkspace();
    expect((await inbox(workspace, await tokenFor(stranger.owner))).status).toBe(404);
    expect(itemsOf(await json(await inbox(workspace, await tokenFor(owner))))).toHaveLength(0);
  });

  it("hides the title of a document the person can no longer open", async () => {
    const { workspace, owner, member } = await setup();
    const secret = await buildArticle(workspace, owner, { title: "Secret merger" });
    await notify(db, env, [{ workspaceId: workspace.id, recipientId: member.user.id, actorId: owner.id, type: "Comment", event: "commented", articleId: secret.id }]);
    const [found] = itemsOf(await json(await inbox(workspace, member.token)));
    expect(found!.article).toMatchObject({ id: secret.id, title: null });
    expect(found!.text).not.toContain("Secret merger");
    expect(found!.url).toBeNull();
  });
});

describe("reading and archiving", () => {
  it("mark read and unread move the unread counts; archive takes the item out of the list", async () => {
    const { workspace, owner, member, article } = await setup();
    const [first, second] = await notify(db, env, [
      { workspaceId: workspace.id, recipientId: member.user.id, actorId: owner.id, type: "Review", event: "requested", articleId: article.id },
      { workspaceId: workspace.id, recipientId: member.user.id, actorId: owner.id, type: "Comment", event: "commented", articleId: article.id },
    ]);
    expect(await counts(workspace, member.token)).toMatchObject({ unread: 2, unread_by_type: { Review: 1, Comment: 1, Todo: 0 } });

    const read = await api(`/w/${workspace.id}/inbox/${first!.id}`, { method: "PUT", token: member.token, body: { read: true } });
    expect(read.status).toBe(200);
    expect((await json(read)).data).toMatchObject({ id: first!.id, read: true });
    expect(await counts(workspace, member.token)).toMatchObject({ unread: 1, unread_by_type: { Review: 0 } });
    expect(itemsOf(await json(await inbox(workspace, member.token, "?filter=unread"))).map((i) => i.id)).toEqual([second!.id]);

    await api(`/w/${workspace.id}/inbox/${first!.id}`, { method: "PUT", token: member.token, body: { read: false } });
    expect((await counts(workspace, member.token)).unread).toBe(2);

    await api(`/w/${workspace.id}/inbox/${second!.id}`, { method: "PUT", token: member.token, body: { archived: true } });
    expect(itemsOf(await json(await inbox(workspace, member.token))).map((i) => i.id)).toEqual([first!.id]);
    expect(itemsOf(await json(await inbox(workspace, member.token, "?filter=archived"))).map((i) => i.id)).toEqual([second!.id]);
    expect((await counts(workspace, member.token)).unread).toBe(1);

    const all = await api(`/w/${workspace.id}/inbox/read_all`, { method: "POST", token: member.token, body: {} });
    expect((await json(all)).data).toMatchObject({ changed: 1, counts: { unread: 0 } });
  });

  it("answers 404 for someone else's item and 400 for an empty change", async () => {
    const { workspace, owner, ownerToken, member, article } = await setup();
    const [item] = await notify(db, env, [
      { workspaceId: workspace.id, recipientId: member.user.id, actorId: owner.id, type: "Review", event: "requested", articleId: article.id },
    ]);
    expect((await api(`/w/${workspace.id}/inbox/${item!.id}`, { method: "PUT", token: ownerToken, body: { read: true } })).status).toBe(404);
    const [row] = await db.select().from(inboxItems).where(eq(inboxItems.id, item!.id));
    expect(row!.readAt).toBeNull();
    const empty = await api(`/w/${workspace.id}/inbox/${item!.id}`, { method: "PUT", token: member.token, body: {} });
    expect(empty.status).toBe(400);
    expect((await json(empty)).fields).toHaveProperty("read");
  });
});

describe("what lands in the inbox", () => {
  it("sharing a document with a person and a group tells each of them, not the sharer", async () => {
    const { workspace, owner, ownerToken, article } = await setup();
    const colleague = await buildMember(workspace, "member");
    const writer = await buildMember(workspace, "member");
    const [group] = await db.insert(channels).values({ workspaceId: workspace.id, name: "Writers", createdById: owner.id }).returning();
    await db.insert(channelMemberships).values({ channelId: group!.id, userId: writer.user.id });
    const shared = await api(`/articles/${article.id}/accesses`, {
      method: "POST",
      token: ownerToken,
      body: {
        member_accesses: [
          { target_type: "User", target_id: colleague.user.id, permission: "comment" },
          { target_type: "Channel", target_id: group!.id, permission: "read" },
        ],
      },
    });
    expect(shared.status).toBe(201);
    expect(itemsOf(await json(await inbox(workspace, colleague.token)))).toMatchObject([
      { type: "AccessGrant", event: "granted", text: 'Test User shared "Spring launch" with you (comment access)' },
    ]);
    expect(itemsOf(await json(await inbox(workspace, writer.token)))).toMatchObject([{ type: "AccessGrant", data: { permission: "read" } }]);
    expect(itemsOf(await json(await inbox(workspace, ownerToken)))).toHaveLength(0);
    // The share already emailed them: the inbox copy does not email again.
    expect((await mailsTo(colleague.user.email)).map((mail) => mail.kind)).toEqual(["share"]);
  });

  it("a read receipt counts as the reader's task and the sharer's request until it is confirmed", async () => {
    const { workspace, ownerToken, article } = await setup();
    const reader = await buildMember(workspace, "member");
    await api(`/articles/${article.id}/accesses`, {
      method: "POST",
      token: ownerToken,
      body: { member_accesses: [{ target_type: "User", target_id: reader.user.id, permission: "read", read_receipt: true }] },
    });
    expect(itemsOf(await json(await inbox(workspace, reader.token)))).toMatchObject([{ type: "ReadReceiptRequest" }]);
    expect(await counts(workspace, reader.token)).toMatchObject({ read_receipts: { my_tasks: 1, my_requests: 0 }, activeTasksCount: 1 });
    expect(await counts(workspace, ownerToken)).toMatchObject({ read_receipts: { my_tasks: 0, my_requests: 1, all_requests: 1 } });
  });

  it("an access request reaches the owner; accepting it reaches the requester", async () => {
    const { workspace, owner, ownerToken } = await setup();
    const article = await buildArticle(workspace, owner, { title: "Board memo" });
    const asker = await buildMember(workspace, "member");
    const asked = await json(
      await api(`/articles/${article.id}/access_requests`, { method: "POST", token: asker.token, body: { permission: "read", message: "Need it" } }),
    );
    const [request] = itemsOf(await json(await inbox(workspace, ownerToken)));
    expect(request).toMatchObject({ type: "AccessRequest", event: "requested", access_request_id: asked.data.id, data: { message: "Need it" } });
    expect(request!.url).toBe(`/docs/board-memo-${article.id}?access_request=${asked.data.id}`);

    await api(`/access_requests/${asked.data.id}/accept`, { method: "PUT", token: ownerToken, body: { permission: "read" } });
    expect(itemsOf(await json(await inbox(workspace, asker.token)))).toMatchObject([{ type: "AccessRequest", event: "accepted" }]);
  });

  it("being added to a group and being handed a document land in the inbox", async () => {
    const { workspace, ownerToken, member, article } = await setup();
    const [group] = await db.insert(channels).values({ workspaceId: workspace.id, name: "Editors", createdById: null }).returning();
    const added = await api(`/channels/${group!.id}/channel_memberships`, { method: "POST", token: ownerToken, body: { emails: [member.user.email] } });
    expect(added.status).toBe(200);
    const transfer = await api(`/articles/${article.id}/transfer_ownership`, { method: "PUT", token: ownerToken, body: { user_id: member.user.id } });
    expect(transfer.status).toBe(200);
    const items = itemsOf(await json(await inbox(workspace, member.token)));
    expect(items.map((i) => [i.type, i.event])).toEqual([
      ["OwnershipTransfer", "transferred"],
      ["ChannelMembership", "added"],
    ]);
    expect(items[1]).toMatchObject({ text: "Test User added you to the group Editors", url: `/workspaces/${workspace.id}/groups/${group!.id}` });
  });
});

describe("email per type", () => {
  it("emails at once by default for reviews, and not when the person turned that type off", async () => {
    const { workspace, owner, member, article } = await setup();
    const review = { workspaceId: workspace.id, recipientId: member.user.id, actorId: owner.id, type: "Review" as const, event: "requested", articleId: article.id };
    await notify(db, env, [review], { origin: "https://app.test" });
    const [mail] = await mailsTo(member.user.email);
    expect(mail).toMatchObject({ kind: "inbox.Review", subject: 'Test User asked you to approve "Spring launch"' });
    expect(mail!.text).toContain(`https://app.test/docs/spring-launch-${article.id}`);

    const off = await api("/inbox/settings", { method: "PUT", token: member.token, body: { email: { Review: "off" } } });
    expect((await json(off)).data.email).toMatchObject({ Review: "off", Comment: "immediately" });
    await notify(db, env, [{ ...review, event: "dismissed" }]);
    expect(await mailsTo(member.user.email)).toHaveLength(1);
  });

  it("refuses an unknown mode with 400 naming the type", async () => {
    const { member } = await setup();
    const response = await api("/inbox/settings", { method: "PUT", token: member.token, body: { email: { Review: "hourly" } } });
    expect(response.status).toBe(400);
    expect(Object.keys((await json(response)).fields)).toEqual(["email.Review"]);
  });

  it("gathers daily items into one digest once the oldest is a day old", async () => {
    const { workspace, owner, member, article } = await setup();
    await api("/inbox/settings", { method: "PUT", token: member.token, body: { email: { Comment: "daily" } } });
    const comment = { workspaceId: workspace.id, recipientId: member.user.id, actorId: owner.id, type: "Comment" as const, articleId: article.id };
    await notify(db, env, [{ ...comment, event: "commented" }, { ...comment, event: "mentioned" }], { origin: "https://app.test" });
    expect(await mailsTo(member.user.email)).toHaveLength(0);

    await sendInboxDigests(db, env, new Date(Date.now() + 60 * 60 * 1000));
    expect(await mailsTo(member.user.email)).toHaveLength(0);

    const dayLater = new Date(Date.now() + 25 * 60 * 60 * 1000);
    await sendInboxDigests(db, env, dayLater);
    await sendInboxDigests(db, env, dayLater);
    const mails = await mailsTo(member.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "inbox.digest", subject: "Your inbox: 2 new items" });
    expect(mails[0]!.text).toContain("mentioned you in a comment");
    const pending = await db
      .select()
      .from(inboxItems)
      .where(and(eq(inboxItems.recipientId, member.user.id), eq(inboxItems.emailStatus, "pending")));
    expect(pending).toHaveLength(0);
  });
});

describe("email per type, for items whose command writes the email", () => {
  const setMode = (token: string, type: InboxItemType, mode: InboxEmailMode) =>
    api("/inbox/settings", { method: "PUT", token, body: { email: { [type]: mode } } });
  /** Runs the digest until nobody is due (the cron takes 50 people a run; other tests leave theirs). */
  async function sendDueDigests() {
    const dayLater = new Date(Date.now() + 25 * 60 * 60 * 1000);
    while ((await sendInboxDigests(db, env, dayLater)) > 0);
  }
  const kindsTo = async (to: string) => (await mailsTo(to)).map((mail) => mail.kind);

  /** Who is told, and what happens to them: the real command, with the recipient's mode chosen first. */
  interface Case {
    type: InboxItemType;
    kind: string;
    digestSays: string;
    happen: (mode: InboxEmailMode) => Promise<{ recipient: { id: number; email: string } }>;
  }

  async function shared(mode: InboxEmailMode, type: "AccessGrant" | "ReadReceiptRequest") {
    const { ownerToken, workspace, article } = await setup();
    const reader = await buildMember(workspace, "member");
    await setMode(reader.token, type, mode);
    const response = await api(`/articles/${article.id}/accesses`, {
      method: "POST",
      token: ownerToken,
      body: { member_accesses: [{ target_type: "User", target_id: reader.user.id, permission: "read", read_receipt: type === "ReadReceiptRequest" }] },
    });
    expect(response.status).toBe(201);
    return { recipient: reader.user };
  }

  async function published(mode: InboxEmailMode, type: "post_failed" | "post_missed" | "account_needs_reauth") {
    const { workspace, member } = await setup();
    await setMode(member.token, type, mode);
    const account = { id: 1, network: "sandbox" as const, displayName: "Fernhill Sandbox", state: "needs_reauth" as const, stateReason: "access revoked", connectedById: member.user.id, workspaceId: workspace.id };
    if (type === "account_needs_reauth") {
      await accountEvent({ db, env }, account);
    } else {
      const target = { id: 1, postId: 1, workspaceId: workspace.id, accountId: 1, state: type === "post_failed" ? ("failed" as const) : ("missed" as const), networkPostId: null, networkUrl: null, errorMessage: "Sandbox refused it", errorHint: null, publishedAt: null, publishAt: Date.now() };
      await postEvent({ db, env }, type === "post_failed" ? "post.failed" : "post.missed", target, { id: 1, text: "Spring is here", authorId: member.user.id }, account);
    }
    return { recipient: member.user };
  }

  const cases: Case[] = [
    { type: "AccessGrant", kind: "share", digestSays: 'shared "Spring launch" with you', happen: (mode) => shared(mode, "AccessGrant") },
    { type: "ReadReceiptRequest", kind: "share", digestSays: 'asked you to confirm you have read "Spring launch"', happen: (mode) => shared(mode, "ReadReceiptRequest") },
    {
      type: "AccessRequest",
      kind: "access_request",
      digestSays: 'asked for read access to "Board memo"',
      async happen(mode) {
        const { workspace, owner, ownerToken } = await setup();
        const article = await buildArticle(workspace, owner, { title: "Board memo" });
        const asker = await buildMember(workspace, "member");
        await setMode(ownerToken, "AccessRequest", mode);
        const response = await api(`/articles/${article.id}/access_requests`, { method: "POST", token: asker.token, body: { permission: "read", message: "Need it" } });
        expect(response.status).toBe(201);
        return { recipient: owner };
      },
    },
    {
      type: "ChannelMembership",
      kind: "channel_join_request",
      digestSays: "asked to join the group Closed circle",
      async happen(mode) {
        const { workspace, member } = await setup();
        const asker = await buildMember(workspace, "member");
        const [group] = await db.insert(channels).values({ workspaceId: workspace.id, name: "Closed circle", visibility: "closed", createdById: member.user.id }).returning();
        await db.insert(channelMemberships).values({ channelId: group!.id, userId: member.user.id, role: "owner" });
        await setMode(member.token, "ChannelMembership", mode);
        const response = await api(`/channels/${group!.id}/join`, { method: "POST", token: asker.token, body: { user_id: asker.user.id } });
        expect(response.status).toBe(202);
        return { recipient: member.user };
      },
    },
    { type: "post_failed", kind: "post_failed", digestSays: "failed to publish: Sandbox refused it", happen: (mode) => published(mode, "post_failed") },
    { type: "post_missed", kind: "post_missed", digestSays: "missed its time", happen: (mode) => published(mode, "post_missed") },
    { type: "account_needs_reauth", kind: "account_needs_reauth", digestSays: "Fernhill Sandbox needs to be reconnected", happen: (mode) => published(mode, "account_needs_reauth") },
  ];

  for (const { type, kind, digestSays, happen } of cases) {
    it(`${type}: off sends no email, daily waits for the digest, immediately sends the command's own email once`, async () => {
      const items = (recipientId: number) => db.select().from(inboxItems).where(and(eq(inboxItems.recipientId, recipientId), eq(inboxItems.type, type)));

      const off = (await happen("off")).recipient;
      expect(await items(off.id)).toMatchObject([{ emailStatus: "none" }]);
      expect(await kindsTo(off.email)).toEqual([]);

      const daily = (await happen("daily")).recipient;
      expect(await items(daily.id)).toMatchObject([{ emailStatus: "pending" }]);
      expect(await kindsTo(daily.email)).toEqual([]);

      const now = (await happen("immediately")).recipient;
      expect(await items(now.id)).toMatchObject([{ emailStatus: "sent" }]);
      expect(await kindsTo(now.email)).toEqual([kind]);

      await sendDueDigests();
      const [digest, ...more] = await mailsTo(daily.email);
      expect(more).toEqual([]);
      expect(digest).toMatchObject({ kind: "inbox.digest", subject: "Your inbox: 1 new item" });
      expect(digest!.text).toContain(digestSays);
      expect(await kindsTo(off.email)).toEqual([]);
      expect(await kindsTo(now.email)).toEqual([kind]);
    });
  }

  it("emails nobody about their own action: a sharer in the group they share with hears nothing", async () => {
    const { workspace, owner, ownerToken, article } = await setup();
    const colleague = await buildMember(workspace, "member");
    const [group] = await db.insert(channels).values({ workspaceId: workspace.id, name: "Everyone", createdById: owner.id }).returning();
    await db.insert(channelMemberships).values([
      { channelId: group!.id, userId: owner.id },
      { channelId: group!.id, userId: colleague.user.id },
    ]);
    const response = await api(`/articles/${article.id}/accesses`, {
      method: "POST",
      token: ownerToken,
      body: { member_accesses: [{ target_type: "Channel", target_id: group!.id, permission: "read" }] },
    });
    expect((await json(response)).meta).toMatchObject({ created: 1, notified: 1 });
    expect(await kindsTo(colleague.user.email)).toEqual(["share"]);
    expect(await kindsTo(owner.email)).toEqual([]);
    expect(await db.select().from(inboxItems).where(eq(inboxItems.recipientId, owner.id))).toHaveLength(0);
  });
});

describe("GET /v1/inbox/socket", () => {
  it("opens for a bearer token or the app's cookie from this site, and refuses others", async () => {
    const { member } = await setup();
    const cookie = `brandwork_auth=${encodeAuthState({
      headers: { Authorization: `Bearer ${member.token}` },
      last_workspace_id: null,
      company_id: null,
      superAdminMode: null,
    })}`;
    const viaCookie = await openSocket({ Cookie: cookie, Origin: "https://app.test" });
    expect(viaCookie.response.status).toBe(101);
    viaCookie.socket!.close();

    expect((await openSocket({ Cookie: cookie, Origin: "https://evil.example" })).response.status).toBe(403);
    expect((await openSocket({})).response.status).toBe(401);
    expect((await api("/inbox/socket", { token: member.token })).status).toBe(426);
  });
});

describe("the inbox page", () => {
  const cookieFor = (token: string) => `${AUTH_COOKIE_NAME}=${encodeAuthState(authStateFor(`Bearer ${token}`))}`;
  const page = (path: string, token: string, init: RequestInit = {}) =>
    exports.default.fetch(`https://app.test${path}`, {
      ...init,
      headers: { Cookie: cookieFor(token), Origin: "https://app.test", Host: "app.test", ...(init.headers ?? {}) },
    });

  it("renders the person's items grouped under their document, and marks one read from a form", async () => {
    const { workspace, owner, member, article } = await setup();
    const [item] = await notify(db, env, [
      { workspaceId: workspace.id, recipientId: member.user.id, actorId: owner.id, type: "Review", event: "requested", articleId: article.id },
    ]);
    const response = await page(`/workspaces/${workspace.id}/inbox`, member.token);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Spring launch");
    expect(html).toContain("asked you to approve");
    expect(html).toContain("1 unread");

    const form = new URLSearchParams({ intent: "update", id: String(item!.id), read: "true" });
    const posted = await page(`/workspaces/${workspace.id}/inbox`, member.token, {
      method: "POST",
      body: form,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(posted.status).toBe(200);
    expect(await counts(workspace, member.token)).toMatchObject({ unread: 0 });
    expect((await page(`/workspaces/${workspace.id}/inbox`, member.token).then((r) => r.text()))).toContain("all caught up");
  });
});
