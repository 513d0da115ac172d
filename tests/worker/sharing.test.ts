import { and, desc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emptyDocument } from "../../core/document/types";
import { runBatch } from "../../worker/db/batching";
import { articleSlug } from "../../core/slug";
import {
  accessRequests,
  accesses,
  articleContributors,
  articles,
  channelMemberships,
  channels,
  events,
  handbooks,
  mailOutbox,
  memberships,
  users,
  type Article,
  type Workspace,
} from "../../worker/db/schema";
import { api, buildArticle, buildFolder, buildMember, buildUser, buildWorkspace, db, grant, json, tokenFor } from "../factories";

let emailNumber = 0;
const newEmail = () => `share-${Date.now().toString(36)}-${++emailNumber}@example.com`;

async function setup() {
  const { workspace, owner } = await buildWorkspace({ name: "Northwind Brands" });
  const ownerToken = await tokenFor(owner);
  const member = await buildMember(workspace, "member");
  const guest = await buildMember(workspace, "guest");
  const article = await buildArticle(workspace, owner, { title: "Launch plan" });
  return { workspace, owner, ownerToken, member, guest, article };
}

async function buildGroup(workspace: Pick<Workspace, "id">, createdById: number, memberIds: number[] = []) {
  const [group] = await db
    .insert(channels)
    .values({ workspaceId: workspace.id, name: `Writers ${++emailNumber}`, createdById })
    .returning();
  for (const userId of memberIds) await db.insert(channelMemberships).values({ channelId: group!.id, userId });
  return group!;
}

const grantsOn = (article: Pick<Article, "id">) =>
  db.select().from(accesses).where(eq(accesses.articleId, article.id)).orderBy(accesses.id);
const mailsTo = (to: string) => db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id));
const levelOf = async (id: number, token: string) => {
  const response = await api(`/articles/${id}`, { token });
  return response.status === 200 ? (await json(response)).data.access_level : response.status;
};
const share = (id: number | string, token: string, body: unknown, path = "articles") =>
  api(`/${path}/${id}/accesses`, { method: "POST", token, body });

describe("POST /v1/articles/:id/accesses", () => {
  it("grants a person, a group and the workspace, records inbox-ready events and emails who was newly granted", async () => {
    const { workspace, owner, ownerToken, member, guest, article } = await setup();
    const writer = await buildMember(workspace, "member");
    const group = await buildGroup(workspace, owner.id, [writer.user.id]);
    const response = await share(article.id, ownerToken, {
      member_accesses: [
        { target_type: "User", target_id: member.user.id, permission: "edit", read_receipt: true },
        { target_type: "Channel", target_id: group.id, permission: "comment" },
        { target_type: "AccessMemberGroup", role: "guest", permission: "read" },
      ],
      subject: "Please review",
      html_message: "<p>Have a look <b>before Friday</b></p><script>alert(1)</script>",
    });
    expect(response.status).toBe(201);
    const body = await json(response);
    expect(body.meta).toMatchObject({ created: 3, updated: 0, invited: [] });
    expect(body.data.map((a: { target_type: string }) => a.target_type)).toEqual(["User", "Channel", "AccessMemberGroup"]);
    expect(body.data[0]).toMatchObject({ permission: "edit", read_receipt: true, target: { user: { id: member.user.id } } });

    expect(await levelOf(article.id, member.token)).toBe("edit");
    expect(await levelOf(article.id, writer.token)).toBe("comment");
    expect(await levelOf(article.id, guest.token)).toBe("read");

    const created = await db
      .select()
      .from(events)
      .where(and(eq(events.name, "accesses.create"), eq(events.articleId, article.id)));
    expect(created).toHaveLength(3);
    const forMember = created.find((event) => event.userId === member.user.id)!;
    expect(forMember.actorId).toBe(owner.id);
    expect(forMember.properties).toMatchObject({
      inbox_type: "AccessGrant",
      article_id: article.id,
      permission: "edit",
      read_receipt: true,
      target: { type: "User", user_id: member.user.id },
    });

    const [mail] = await mailsTo(member.user.email);
    expect(mail).toMatchObject({ kind: "share", subject: "Please review" });
    expect(mail!.text).toContain(`/docs/${articleSlug("Launch plan", article.id)}`);
    expect(mail!.text).toContain("Have a look before Friday");
    expect(mail!.html).not.toContain("<script>");
    expect(await mailsTo(writer.user.email)).toHaveLength(1);
  });

  it("updates the grant a target already has instead of adding a second one", async () => {
    const { ownerToken, member, article } = await setup();
    const target = { target_type: "User", target_id: member.user.id };
    expect((await share(article.id, ownerToken, { member_accesses: [{ ...target, permission: "read" }] })).status).toBe(201);
    const again = await share(article.id, ownerToken, { member_accesses: [{ ...target, permission: "comment" }] });
    expect(again.status).toBe(200);
    expect((await json(again)).meta).toMatchObject({ created: 0, updated: 1 });
    const rows = await grantsOn(article);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.permission).toBe("comment");
    const updates = await db
      .select()
      .from(events)
      .where(and(eq(events.name, "accesses.update"), eq(events.articleId, article.id)));
    expect(updates[0]!.properties).toMatchObject({ permission: "comment", previous_permission: "read" });
  });

  it("answers 400 naming each bad field and writes nothing", async () => {
    const { ownerToken, article } = await setup();
    const response = await share(article.id, ownerToken, {
      member_accesses: [
        { target_type: "User", permission: "edit" },
        { target_type: "AccessMemberGroup", permission: "admin" },
        { target_type: "UnauthUser", permission: "edit" },
        { target_type: "Robot", permission: "read" },
      ],
      email_accesses: [{ email: "not-an-email", permission: "read" }],
    });
    expect(response.status).toBe(400);
    const fields = (await json(response)).fields;
    expect(Object.keys(fields)).toEqual(
      expect.arrayContaining([
        "member_accesses.0.target_id",
        "member_accesses.1.permission",
        "member_accesses.2.permission",
        "member_accesses.3.target_type",
        "email_accesses.0.email",
      ])
    );
    expect(fields["member_accesses.2.permission"][0]).toMatch(/at most comment/);
    const empty = await share(article.id, ownerToken, {});
    expect((await json(empty)).fields).toHaveProperty("member_accesses");
    const tooMany = await share(article.id, ownerToken, {
      email_accesses: Array.from({ length: 51 }, (_, i) => ({ email: `many${i}@example.com`, permission: "read" })),
    });
    expect((await json(tooMany)).fields).toHaveProperty("email_accesses");
    expect(await grantsOn(article)).toHaveLength(0);
  });

  it("refuses a reader who tries to share with 403 and writes nothing", async () => {
    const { workspace, member, guest, article } = await setup();
    await grant({ article }, "User", "read", { userId: member.user.id });
    const response = await share(article.id, member.token, {
      member_accesses: [{ target_type: "User", target_id: guest.user.id, permission: "read" }],
    });
    expect(response.status).toBe(403);
    expect(await grantsOn(article)).toHaveLength(1);
    const noAccess = await buildMember(workspace, "member");
    expect((await share(article.id, noAccess.token, { member_accesses: [{ target_type: "Company", permission: "read" }] })).status).toBe(
      403
    );
  });

  it("lets an editor grant edit but not owner, and not change an owner's grant", async () => {
    const { workspace, member, guest, article } = await setup();
    await grant({ article }, "User", "edit", { userId: member.user.id });
    const coOwner = await buildMember(workspace, "member");
    await grant({ article }, "User", "owner", { userId: coOwner.user.id });

    const owner = await share(article.id, member.token, {
      member_accesses: [{ target_type: "User", target_id: guest.user.id, permission: "owner" }],
    });
    expect(owner.status).toBe(403);
    expect((await json(owner)).fields).toHaveProperty(["member_accesses.0.permission"]);
    const downgrade = await share(article.id, member.token, {
      member_accesses: [{ target_type: "User", target_id: coOwner.user.id, permission: "read" }],
    });
    expect(downgrade.status).toBe(403);
    expect(await grantsOn(article)).toHaveLength(2);

    const edit = await share(article.id, member.token, {
      member_accesses: [{ target_type: "User", target_id: guest.user.id, permission: "edit" }],
    });
    expect(edit.status).toBe(201);
    expect(await levelOf(article.id, guest.token)).toBe("edit");
  });

  it("answers 400 for a user or group of another workspace, a deactivated member, and writes nothing", async () => {
    const { workspace, owner, ownerToken, article } = await setup();
    const other = await buildWorkspace();
    const stranger = await buildMember(other.workspace, "member");
    const foreignGroup = await buildGroup(other.workspace, other.owner.id);
    const gone = await buildUser();
    await db.insert(memberships).values({ workspaceId: workspace.id, userId: gone.id, role: "member", status: "deactivated" });
    const ownGroup = await buildGroup(workspace, owner.id);
    const response = await share(article.id, ownerToken, {
      member_accesses: [
        { target_type: "Channel", target_id: ownGroup.id, permission: "read" },
        { target_type: "User", target_id: stranger.user.id, permission: "read" },
        { target_type: "Channel", target_id: foreignGroup.id, permission: "read" },
        { target_type: "User", target_id: gone.id, permission: "read" },
      ],
    });
    expect(response.status).toBe(400);
    expect(Object.keys((await json(response)).fields).sort()).toEqual([
      "member_accesses.1.target_id",
      "member_accesses.2.target_id",
      "member_accesses.3.target_id",
    ]);
    expect(await grantsOn(article)).toHaveLength(0);
  });

  it("answers 404 to another workspace's user and changes nothing", async () => {
    const { article, member } = await setup();
    const other = await buildWorkspace();
    const response = await share(article.id, await tokenFor(other.owner), {
      member_accesses: [{ target_type: "User", target_id: member.user.id, permission: "read" }],
    });
    expect(response.status).toBe(404);
    expect(await grantsOn(article)).toHaveLength(0);
  });

  it("turns an unknown email into a guest invitation, an Email grant and two emails", async () => {
    const { workspace, ownerToken, article } = await setup();
    const email = newEmail();
    const response = await share(article.id, ownerToken, {
      email_accesses: [{ email: email.toUpperCase(), permission: "comment" }],
      default_message: "Your thoughts?",
    });
    expect(response.status).toBe(201);
    const body = await json(response);
    expect(body.meta.invited).toEqual([email]);
    expect(body.data[0]).toMatchObject({ target_type: "Email", permission: "comment", target: { email, pending: true } });
    const [invitee] = await db.select().from(users).where(eq(users.email, email));
    const [membership] = await db
      .select()
      .from(memberships)
      .where(and(eq(memberships.workspaceId, workspace.id), eq(memberships.userId, invitee!.id)));
    expect(membership).toMatchObject({ role: "guest", status: "invited" });
    const kinds = (await mailsTo(email)).map((mail) => mail.kind).sort();
    expect(kinds).toEqual(["invitation", "share"]);
    const [event] = await db
      .select()
      .from(events)
      .where(and(eq(events.name, "accesses.create"), eq(events.articleId, article.id)));
    expect(event!.userId).toBe(invitee!.id);
  });

  it("grants a member found by email directly, without an invitation", async () => {
    const { ownerToken, member, article } = await setup();
    const response = await share(article.id, ownerToken, { email_accesses: [{ email: member.user.email, permission: "read" }] });
    expect(response.status).toBe(201);
    expect((await json(response)).meta.invited).toEqual([]);
    expect(await grantsOn(article)).toMatchObject([{ targetType: "User", userId: member.user.id, email: null }]);
  });

  it("needs the right to invite before sharing with an unknown email (403, nothing written)", async () => {
    const { guest, article } = await setup();
    await grant({ article }, "User", "edit", { userId: guest.user.id });
    const email = newEmail();
    const response = await share(article.id, guest.token, { email_accesses: [{ email, permission: "read" }] });
    expect(response.status).toBe(403);
    expect(await grantsOn(article)).toHaveLength(1);
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it("checks handbook_key belongs to the workspace", async () => {
    const { ownerToken, member, article } = await setup();
    const response = await share(article.id, ownerToken, {
      member_accesses: [{ target_type: "User", target_id: member.user.id, permission: "read" }],
      handbook_key: "no-such-handbook",
    });
    expect(response.status).toBe(400);
    expect((await json(response)).fields).toHaveProperty("handbook_key");
  });
});

describe("POST /v1/folders/:ref/accesses and /v1/accesses/create_from_new_sheet", () => {
  it("shares a folder, which flows to its documents", async () => {
    const { workspace, owner, ownerToken, member } = await setup();
    const folder = await buildFolder(workspace, owner);
    const inside = await buildArticle(workspace, owner, { folderId: folder.id });
    const response = await share(
      folder.id,
      ownerToken,
      { member_accesses: [{ target_type: "User", target_id: member.user.id, permission: "comment" }] },
      "folders"
    );
    expect(response.status).toBe(201);
    expect(await levelOf(inside.id, member.token)).toBe("comment");
    const layer = await share(folder.id, ownerToken, { member_accesses: [{ target_type: "LayerEditors", permission: "read" }] }, "folders");
    expect((await json(layer)).fields).toHaveProperty(["member_accesses.0.target_type"]);
  });

  it("takes the article or the folder in the body, exactly one of them", async () => {
    const { workspace, owner, ownerToken, member, article } = await setup();
    const folder = await buildFolder(workspace, owner);
    const grantBody = { member_accesses: [{ target_type: "User", target_id: member.user.id, permission: "read" }] };
    const byArticle = await api("/accesses/create_from_new_sheet", {
      method: "POST",
      token: ownerToken,
      body: { ...grantBody, article_id: article.id },
    });
    expect(byArticle.status).toBe(201);
    const byFolder = await api("/accesses/create_from_new_sheet", {
      method: "POST",
      token: ownerToken,
      body: { ...grantBody, folder_id: folder.id },
    });
    expect(byFolder.status).toBe(201);
    expect((await db.select().from(accesses).where(eq(accesses.folderId, folder.id))).length).toBe(1);
    const both = await api("/accesses/create_from_new_sheet", {
      method: "POST",
      token: ownerToken,
      body: { ...grantBody, article_id: article.id, folder_id: folder.id },
    });
    expect(both.status).toBe(400);
    expect((await json(both)).fields).toHaveProperty("article_id");
  });
});

describe("GET /v1/articles/:id/accesses", () => {
  it("lists the owner, each grant with its target, and grants inherited from folders", async () => {
    const { workspace, owner, ownerToken, member, article } = await setup();
    const folder = await buildFolder(workspace, owner, { name: "Campaigns" });
    await db.update(articles).set({ folderId: folder.id }).where(eq(articles.id, article.id));
    const group = await buildGroup(workspace, owner.id);
    await grant({ article }, "User", "edit", { userId: member.user.id });
    await grant({ article }, "Channel", "comment", { channelId: group.id });
    await grant({ article }, "Email", "read", { email: "pending@example.com" });
    await grant({ article }, "AccessMemberGroup", "read", { role: "guest" });
    await grant({ folder }, "Company", "read");

    const response = await api(`/articles/${article.id}/accesses`, { token: ownerToken });
    expect(response.status).toBe(200);
    const { data, policies } = await json(response);
    expect(policies["articles.share"]).toBe(true);
    expect(data.owner).toMatchObject({ id: owner.id });
    expect(data.accesses.map((a: { target: { label: string } }) => a.target.label)).toEqual([
      expect.any(String),
      group.name,
      "pending@example.com",
      "All guests",
    ]);
    expect(data.accesses[0].target.user).toMatchObject({ id: member.user.id, email: member.user.email });
    expect(data.inherited_accesses).toMatchObject([{ target_type: "Company", inherited_from: { id: folder.id, name: "Campaigns" } }]);
  });

  it("hides pending invitations' emails from readers, and refuses outsiders and members without access", async () => {
    const { workspace, member, article } = await setup();
    await grant({ article }, "User", "read", { userId: member.user.id });
    await grant({ article }, "Email", "read", { email: "secret@example.com" });
    const response = await api(`/articles/${article.id}/accesses`, { token: member.token });
    expect(response.status).toBe(200);
    const email = (await json(response)).data.accesses.find((a: { target_type: string }) => a.target_type === "Email");
    expect(email.target).toMatchObject({ email: null, label: "Pending invitation" });

    const noAccess = await buildMember(workspace, "member");
    expect((await api(`/articles/${article.id}/accesses`, { token: noAccess.token })).status).toBe(403);
    const other = await buildWorkspace();
    expect((await api(`/articles/${article.id}/accesses`, { token: await tokenFor(other.owner) })).status).toBe(404);
  });

  it("lists a folder's grants at /v1/folders/:ref/accesses", async () => {
    const { workspace, owner, ownerToken, member } = await setup();
    const folder = await buildFolder(workspace, owner);
    await grant({ folder }, "User", "comment", { userId: member.user.id });
    const response = await api(`/folders/${folder.key}/accesses`, { token: ownerToken });
    expect(response.status).toBe(200);
    expect((await json(response)).data.accesses).toMatchObject([{ target_type: "User", permission: "comment", folder_id: folder.id }]);
  });
});

describe("PUT /v1/accesses/:id", () => {
  it("changes the level and read receipt, within the changer's own level", async () => {
    const { workspace, ownerToken, member, guest, article } = await setup();
    const access = await grant({ article }, "User", "read", { userId: guest.user.id });
    const response = await api(`/accesses/${access.id}`, {
      method: "PUT",
      token: ownerToken,
      body: { permission: "edit", read_receipt: true },
    });
    expect(response.status).toBe(200);
    expect((await json(response)).data).toMatchObject({ id: access.id, permission: "edit", read_receipt: true });

    await grant({ article }, "User", "edit", { userId: member.user.id });
    const tooHigh = await api(`/accesses/${access.id}`, { method: "PUT", token: member.token, body: { permission: "owner" } });
    expect(tooHigh.status).toBe(403);
    expect((await api(`/accesses/${access.id}`, { method: "PUT", token: ownerToken, body: {} })).status).toBe(400);
    const other = await buildWorkspace();
    expect(
      (await api(`/accesses/${access.id}`, { method: "PUT", token: await tokenFor(other.owner), body: { permission: "read" } })).status
    ).toBe(404);

    const link = await grant({ article }, "UnauthUser", "read");
    const linkEdit = await api(`/accesses/${link.id}`, { method: "PUT", token: ownerToken, body: { permission: "edit" } });
    expect(linkEdit.status).toBe(400);
    expect((await json(linkEdit)).fields).toHaveProperty("permission");
    // Someone outside holding the link can read, but not change sharing.
    expect(
      (await api(`/accesses/${access.id}`, { method: "PUT", token: await tokenFor(other.owner), body: { permission: "read" } })).status
    ).toBe(403);
    const reader = await buildMember(workspace, "member");
    await grant({ article }, "User", "read", { userId: reader.user.id });
    expect((await api(`/accesses/${access.id}`, { method: "PUT", token: reader.token, body: { permission: "read" } })).status).toBe(403);
    const [row] = await db.select().from(accesses).where(eq(accesses.id, access.id));
    expect(row!.permission).toBe("edit");
  });
});

describe("DELETE /v1/accesses/:id", () => {
  it("with remove_read_receipt only clears the read-receipt request and keeps the grant", async () => {
    const { ownerToken, member, article } = await setup();
    const access = await grant({ article }, "User", "comment", { userId: member.user.id });
    await db.update(accesses).set({ readReceipt: true }).where(eq(accesses.id, access.id));
    const byQuery = await api(`/accesses/${access.id}?remove_read_receipt=true`, { method: "DELETE", token: ownerToken });
    expect(byQuery.status).toBe(200);
    expect((await json(byQuery)).data).toMatchObject({ id: access.id, read_receipt: false, permission: "comment" });

    await db.update(accesses).set({ readReceipt: true }).where(eq(accesses.id, access.id));
    const byBody = await api(`/accesses/${access.id}`, { method: "DELETE", token: ownerToken, body: { remove_read_receipt: true } });
    expect(byBody.status).toBe(200);
    expect(await grantsOn(article)).toMatchObject([{ id: access.id, readReceipt: false }]);
  });

  it("removes the grant, refusing readers and outsiders", async () => {
    const { workspace, ownerToken, member, article } = await setup();
    const access = await grant({ article }, "User", "comment", { userId: member.user.id });
    const reader = await buildMember(workspace, "member");
    await grant({ article }, "User", "read", { userId: reader.user.id });
    expect((await api(`/accesses/${access.id}`, { method: "DELETE", token: reader.token })).status).toBe(403);
    const other = await buildWorkspace();
    expect((await api(`/accesses/${access.id}`, { method: "DELETE", token: await tokenFor(other.owner) })).status).toBe(404);
    expect(await grantsOn(article)).toHaveLength(2);

    const response = await api(`/accesses/${access.id}`, { method: "DELETE", token: ownerToken });
    expect(response.status).toBe(200);
    expect(await levelOf(article.id, member.token)).toBe(403);
    expect((await api(`/accesses/${access.id}`, { method: "DELETE", token: ownerToken })).status).toBe(404);
  });
});

describe("DELETE /v1/accesses/remove_multi_from_channel/:channelId", () => {
  it("removes a group's grants from many articles at once (past D1's parameter limit), leaving other grants", async () => {
    const { workspace, owner, ownerToken, member } = await setup();
    const group = await buildGroup(workspace, owner.id, [member.user.id]);
    const otherGroup = await buildGroup(workspace, owner.id);
    // One batch each for the 105 documents and their grants: quick even on a busy machine.
    const inserted = (await runBatch(
      db,
      Array.from({ length: 105 }, (_, i) =>
        db
          .insert(articles)
          .values({ workspaceId: workspace.id, title: `Bulk ${i}`, body: emptyDocument(), ownerId: owner.id })
          .returning()
      )
    )) as Article[][];
    const docs = inserted.map(([doc]) => doc!);
    await runBatch(
      db,
      docs.map((doc) =>
        db
          .insert(accesses)
          .values({ workspaceId: workspace.id, articleId: doc.id, targetType: "Channel", channelId: group.id, permission: "read" })
      )
    );
    await grant({ article: docs[0]! }, "Channel", "read", { channelId: otherGroup.id });
    const ids = docs.map((doc) => doc.id);

    const response = await api(`/accesses/remove_multi_from_channel/${group.id}`, {
      method: "DELETE",
      token: ownerToken,
      body: { article_ids: ids },
    });
    expect(response.status).toBe(200);
    const left = await db
      .select()
      .from(accesses)
      .where(inArray(accesses.articleId, ids.slice(0, 90)));
    expect(left).toMatchObject([{ channelId: otherGroup.id }]);
    const rest = await db
      .select()
      .from(accesses)
      .where(inArray(accesses.articleId, ids.slice(90)));
    expect(rest).toHaveLength(0);
  });

  it("checks share permission on each article: one it cannot share refuses all (403, nothing removed)", async () => {
    const { workspace, owner, member } = await setup();
    const group = await buildGroup(workspace, owner.id);
    const mine = await buildArticle(workspace, member.user);
    const theirs = await buildArticle(workspace, owner);
    await grant({ article: mine }, "Channel", "read", { channelId: group.id });
    await grant({ article: theirs }, "Channel", "read", { channelId: group.id });
    await grant({ article: theirs }, "User", "comment", { userId: member.user.id });
    const path = `/accesses/remove_multi_from_channel/${group.id}`;
    const refused = await api(path, { method: "DELETE", token: member.token, body: { article_ids: [mine.id, theirs.id] } });
    expect(refused.status).toBe(403);
    expect((await json(refused)).fields.article_ids[0]).toContain(String(theirs.id));
    expect(await grantsOn(mine)).toHaveLength(1);

    const foreign = await buildWorkspace();
    const foreignDoc = await buildArticle(foreign.workspace, foreign.owner);
    const bad = await api(path, { method: "DELETE", token: member.token, body: { article_ids: [mine.id, foreignDoc.id] } });
    expect(bad.status).toBe(400);
    expect((await json(bad)).fields).toHaveProperty("article_ids");
    expect((await api(path, { method: "DELETE", token: member.token, body: {} })).status).toBe(400);
    expect((await api(path, { method: "DELETE", token: await tokenFor(foreign.owner), body: { article_ids: [mine.id] } })).status).toBe(
      404
    );
    expect(await grantsOn(mine)).toHaveLength(1);
  });
});

describe("DELETE /v1/articles/:id/accesses/leave", () => {
  it("removes the caller's own grant; the owner cannot leave (422)", async () => {
    const { workspace, ownerToken, member, article } = await setup();
    await grant({ article }, "User", "comment", { userId: member.user.id });
    const keep = await buildMember(workspace, "member");
    await grant({ article }, "User", "read", { userId: keep.user.id });
    const response = await api(`/articles/${article.id}/accesses/leave`, { method: "DELETE", token: member.token });
    expect(response.status).toBe(200);
    expect(await levelOf(article.id, member.token)).toBe(403);
    expect(await levelOf(article.id, keep.token)).toBe("read");
    const owner = await api(`/articles/${article.id}/accesses/leave`, { method: "DELETE", token: ownerToken });
    expect(owner.status).toBe(422);
  });

  it("answers 422 when access comes from elsewhere, and 404 to another workspace's user", async () => {
    const { article, member } = await setup();
    await grant({ article }, "EveryoneAtWorkspace", "read");
    expect((await api(`/articles/${article.id}/accesses/leave`, { method: "DELETE", token: member.token })).status).toBe(422);
    const other = await buildWorkspace();
    expect((await api(`/articles/${article.id}/accesses/leave`, { method: "DELETE", token: await tokenFor(other.owner) })).status).toBe(
      404
    );
  });
});

describe("GET /v1/articles/:id/accesses/users_with_access and users_with_edit_access", () => {
  it("expands a group, folder-inherited grants and the owner to people, each with their best level", async () => {
    const { workspace, owner, ownerToken, member, guest } = await setup();
    const writer = await buildMember(workspace, "member");
    const editor = await buildMember(workspace, "member");
    const outsider = await buildMember(workspace, "member");
    const top = await buildFolder(workspace, owner);
    const inner = await buildFolder(workspace, owner, { parentId: top.id });
    const article = await buildArticle(workspace, owner, { folderId: inner.id });
    const group = await buildGroup(workspace, owner.id, [writer.user.id, member.user.id]);
    await grant({ article }, "Channel", "comment", { channelId: group.id });
    await grant({ folder: top }, "User", "edit", { userId: member.user.id });
    await grant({ article }, "AccessMemberGroup", "read", { role: "guest" });
    await grant({ article }, "LayerEditors", "edit");
    await db.insert(articleContributors).values({ articleId: article.id, userId: editor.user.id, lastEditedAt: new Date() });
    await grant({ article }, "UnauthUser", "comment");

    const response = await api(`/articles/${article.id}/accesses/users_with_access`, { token: ownerToken });
    expect(response.status).toBe(200);
    const { data, meta } = await json(response);
    const levels = Object.fromEntries(data.map((u: { id: number; access_level: string }) => [u.id, u.access_level]));
    expect(levels).toEqual({
      [owner.id]: "owner",
      [member.user.id]: "edit",
      [editor.user.id]: "edit",
      [writer.user.id]: "comment",
      [guest.user.id]: "read",
    });
    expect(levels).not.toHaveProperty(String(outsider.user.id));
    expect(meta).toMatchObject({ total: 5, link_access: "comment" });
    expect(data.find((u: { id: number }) => u.id === member.user.id).via.sort()).toEqual(["Channel", "User"]);

    const edit = await json(await api(`/articles/${article.id}/accesses/users_with_edit_access`, { token: member.token }));
    expect(edit.data.map((u: { id: number }) => u.id).sort()).toEqual([owner.id, member.user.id, editor.user.id].sort());

    const page = await json(await api(`/articles/${article.id}/accesses/users_with_access?per_page=2&page=3`, { token: ownerToken }));
    expect(page.data).toHaveLength(1);
    expect(page.meta).toMatchObject({ total: 5, has_more: false });
  });

  it("EveryoneAtWorkspace reaches admins and members, Company guests too", async () => {
    const { workspace, owner, ownerToken, member, guest } = await setup();
    const one = await buildArticle(workspace, owner);
    await grant({ article: one }, "EveryoneAtWorkspace", "read");
    const ids = async (id: number) =>
      (await json(await api(`/articles/${id}/accesses/users_with_access`, { token: ownerToken }))).data.map((u: { id: number }) => u.id);
    expect(await ids(one.id)).toEqual(expect.arrayContaining([owner.id, member.user.id]));
    expect(await ids(one.id)).not.toContain(guest.user.id);
    const two = await buildArticle(workspace, owner);
    await grant({ article: two }, "Company", "read");
    expect(await ids(two.id)).toContain(guest.user.id);
  });

  it("with ?handbook= answers for the handbook's cover document; refuses outsiders and unknown handbooks", async () => {
    const { workspace, owner, ownerToken, member, article } = await setup();
    const cover = await buildArticle(workspace, owner);
    await grant({ article: cover }, "User", "read", { userId: member.user.id });
    const key = `hb-${Date.now().toString(36)}`;
    await db.insert(handbooks).values({ workspaceId: workspace.id, key, title: "Brand book", coverDocId: cover.id, ownerId: owner.id });
    const response = await api(`/articles/${article.id}/accesses/users_with_access?handbook=${key}`, { token: ownerToken });
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.data.map((u: { id: number }) => u.id).sort()).toEqual([owner.id, member.user.id].sort());
    expect(body.meta.handbook).toEqual({ key, cover_doc_id: cover.id });
    expect((await api(`/articles/${article.id}/accesses/users_with_access?handbook=nope`, { token: ownerToken })).status).toBe(404);
    const other = await buildWorkspace();
    expect((await api(`/articles/${article.id}/accesses/users_with_access`, { token: await tokenFor(other.owner) })).status).toBe(404);
  });
});

describe("access requests", () => {
  it("a member without access asks, the owner accepts, and the member gets that access", async () => {
    const { owner, ownerToken, member, article } = await setup();
    expect(await levelOf(article.id, member.token)).toBe(403);
    const asked = await api(`/articles/${article.id}/access_requests`, {
      method: "POST",
      token: member.token,
      body: { permission: "comment", message: "For the review" },
    });
    expect(asked.status).toBe(201);
    const request = (await json(asked)).data;
    expect(request).toMatchObject({ permission: "comment", status: "pending", requester: { id: member.user.id } });

    const again = await api(`/articles/${article.id}/access_requests`, {
      method: "POST",
      token: member.token,
      body: { permission: "edit" },
    });
    expect(again.status).toBe(200);
    expect((await json(again)).data).toMatchObject({ id: request.id, permission: "edit" });
    expect(await db.select().from(accessRequests).where(eq(accessRequests.articleId, article.id))).toHaveLength(1);

    const [event] = await db
      .select()
      .from(events)
      .where(and(eq(events.name, "access_requests.create"), eq(events.articleId, article.id)));
    expect(event).toMatchObject({ userId: owner.id, actorId: member.user.id });
    expect(event!.properties).toMatchObject({ inbox_type: "AccessRequest", request_id: request.id, requester_id: member.user.id });
    expect((await mailsTo(owner.email)).map((mail) => mail.kind)).toContain("access_request");

    const list = await json(await api(`/articles/${article.id}/access_requests`, { token: ownerToken }));
    expect(list.data).toMatchObject([{ id: request.id, permission: "edit" }]);

    const accepted = await api(`/access_requests/${request.id}/accept`, {
      method: "PUT",
      token: ownerToken,
      body: { permission: "comment" },
    });
    expect(accepted.status).toBe(200);
    expect((await json(accepted)).data).toMatchObject({ request: { status: "accepted" }, access: { permission: "comment" } });
    expect(await levelOf(article.id, member.token)).toBe("comment");
    expect((await api(`/access_requests/${request.id}/accept`, { method: "PUT", token: ownerToken })).status).toBe(422);
    expect((await json(await api(`/articles/${article.id}/access_requests`, { token: ownerToken }))).data).toHaveLength(0);
  });

  it("refuses asking for what one has, asking for owner, and outsiders", async () => {
    const { member, article } = await setup();
    await grant({ article }, "User", "comment", { userId: member.user.id });
    const have = await api(`/articles/${article.id}/access_requests`, {
      method: "POST",
      token: member.token,
      body: { permission: "read" },
    });
    expect(have.status).toBe(422);
    const owner = await api(`/articles/${article.id}/access_requests`, {
      method: "POST",
      token: member.token,
      body: { permission: "owner" },
    });
    expect(owner.status).toBe(400);
    expect((await json(owner)).fields).toHaveProperty("permission");
    const other = await buildWorkspace();
    const outsider = await api(`/articles/${article.id}/access_requests`, {
      method: "POST",
      token: await tokenFor(other.owner),
      body: { permission: "read" },
    });
    expect(outsider.status).toBe(404);
    expect(await db.select().from(accessRequests).where(eq(accessRequests.articleId, article.id))).toHaveLength(0);
  });

  it("only someone who may share accepts, never above their own level", async () => {
    const { workspace, member, article } = await setup();
    const asker = await buildMember(workspace, "member");
    const asked = await json(
      await api(`/articles/${article.id}/access_requests`, { method: "POST", token: asker.token, body: { permission: "edit" } })
    );
    await grant({ article }, "User", "read", { userId: member.user.id });
    expect((await api(`/access_requests/${asked.data.id}/accept`, { method: "PUT", token: member.token })).status).toBe(403);
    expect((await api(`/articles/${article.id}/access_requests`, { token: member.token })).status).toBe(403);
    const editor = await buildMember(workspace, "member");
    await grant({ article }, "User", "edit", { userId: editor.user.id });
    const owner = await api(`/access_requests/${asked.data.id}/accept`, {
      method: "PUT",
      token: editor.token,
      body: { permission: "owner" },
    });
    expect(owner.status).toBe(403);
    const other = await buildWorkspace();
    expect((await api(`/access_requests/${asked.data.id}/accept`, { method: "PUT", token: await tokenFor(other.owner) })).status).toBe(404);
    expect(await levelOf(article.id, asker.token)).toBe(403);
    const ok = await api(`/access_requests/${asked.data.id}/accept`, { method: "PUT", token: editor.token });
    expect(ok.status).toBe(200);
    expect(await levelOf(article.id, asker.token)).toBe("edit");
  });

  it("someone who left the workspace is invited back as a guest unless add_to_workspace is false (422)", async () => {
    const { workspace, ownerToken, article } = await setup();
    const asker = await buildMember(workspace, "member");
    const asked = await json(
      await api(`/articles/${article.id}/access_requests`, { method: "POST", token: asker.token, body: { permission: "read" } })
    );
    await db.delete(memberships).where(and(eq(memberships.workspaceId, workspace.id), eq(memberships.userId, asker.user.id)));
    const refused = await api(`/access_requests/${asked.data.id}/accept`, {
      method: "PUT",
      token: ownerToken,
      body: { add_to_workspace: false },
    });
    expect(refused.status).toBe(422);
    expect((await json(refused)).fields).toHaveProperty("add_to_workspace");
    const accepted = await api(`/access_requests/${asked.data.id}/accept`, { method: "PUT", token: ownerToken });
    expect(accepted.status).toBe(200);
    const [membership] = await db
      .select()
      .from(memberships)
      .where(and(eq(memberships.workspaceId, workspace.id), eq(memberships.userId, asker.user.id)));
    expect(membership).toMatchObject({ role: "guest", status: "invited" });
    expect(await grantsOn(article)).toMatchObject([{ targetType: "Email", email: asker.user.email, permission: "read" }]);
  });

  it("deny marks the request denied and grants nothing; the requester may withdraw their own", async () => {
    const { workspace, ownerToken, member, article } = await setup();
    const asked = await json(
      await api(`/articles/${article.id}/access_requests`, { method: "POST", token: member.token, body: { permission: "read" } })
    );
    const other = await buildWorkspace();
    expect((await api(`/access_requests/${asked.data.id}`, { method: "DELETE", token: await tokenFor(other.owner) })).status).toBe(404);
    const denied = await api(`/access_requests/${asked.data.id}`, { method: "DELETE", token: ownerToken });
    expect(denied.status).toBe(200);
    expect((await json(denied)).data.status).toBe("denied");
    expect(await grantsOn(article)).toHaveLength(0);
    expect(await levelOf(article.id, member.token)).toBe(403);

    const asker = await buildMember(workspace, "member");
    const second = await json(
      await api(`/articles/${article.id}/access_requests`, { method: "POST", token: asker.token, body: { permission: "read" } })
    );
    expect((await api(`/access_requests/${second.data.id}`, { method: "DELETE", token: asker.token })).status).toBe(200);
  });
});

describe("accepting an invitation", () => {
  it("turns the Email grants waiting for that address into User grants for the new guest", async () => {
    const { ownerToken, article, workspace, owner } = await setup();
    const email = newEmail();
    const second = await buildArticle(workspace, owner);
    await share(article.id, ownerToken, { email_accesses: [{ email, permission: "comment" }] });
    await share(second.id, ownerToken, { email_accesses: [{ email, permission: "edit" }] });
    const [mail] = (await mailsTo(email)).filter((m) => m.kind === "invitation");
    const token = new URL(mail!.text.match(/https?:\/\/\S+/)![0]).pathname.split("/").pop()!;
    const accepted = await api(`/invitations/${token}/accept`, { method: "POST", body: { password: "long-enough-password" } });
    expect(accepted.status).toBe(200);
    const guestToken = accepted.headers.get("Authorization")!.replace("Bearer ", "");
    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(await grantsOn(article)).toMatchObject([{ targetType: "User", userId: user!.id, email: null, permission: "comment" }]);
    expect(await levelOf(article.id, guestToken)).toBe("comment");
    expect(await levelOf(second.id, guestToken)).toBe("edit");
  });

  it("keeps one grant per document when they already had one (raised to the better level), and leaves other workspaces alone", async () => {
    const { ownerToken, article, workspace } = await setup();
    const returning = await buildUser();
    await grant({ article }, "User", "read", { userId: returning.id });
    await share(article.id, ownerToken, { email_accesses: [{ email: returning.email, permission: "edit" }] });
    const elsewhere = await buildWorkspace();
    const foreignDoc = await buildArticle(elsewhere.workspace, elsewhere.owner);
    await grant({ article: foreignDoc }, "Email", "comment", { email: returning.email });

    const [mail] = (await mailsTo(returning.email)).filter((m) => m.kind === "invitation");
    const token = new URL(mail!.text.match(/https?:\/\/\S+/)![0]).pathname.split("/").pop()!;
    const accepted = await api(`/invitations/${token}/accept`, { method: "POST", body: {}, token: await tokenFor(returning) });
    expect(accepted.status).toBe(200);
    expect(await grantsOn(article)).toMatchObject([{ targetType: "User", userId: returning.id, permission: "edit" }]);
    expect(await grantsOn(foreignDoc)).toMatchObject([{ targetType: "Email", email: returning.email }]);
    const [membership] = await db
      .select()
      .from(memberships)
      .where(and(eq(memberships.workspaceId, workspace.id), eq(memberships.userId, returning.id)));
    expect(membership).toMatchObject({ role: "guest", status: "active" });
  });
});
