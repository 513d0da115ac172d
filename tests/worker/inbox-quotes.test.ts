import { env } from "cloudflare:workers";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hashPassword } from "../../worker/auth/password";
import { accesses, articles, inboxItems, mailOutbox, type Workspace } from "../../worker/db/schema";
import { notify, sendInboxDigests } from "../../worker/services/inbox";
import { api, buildArticle, buildMember, buildWorkspace, db, grant, json, tokenFor } from "../factories";

// Words quoted from a document (a comment, a review's answer, a request's note) pass the
// document's read check and lock when an item is shown: the list, one item, the email sent at
// once and the daily digest. Not when the item was stored.

const SECRET = "the wholesale price drops to £4.10 in May";

async function setup(options: { locked: boolean }) {
  const { workspace, owner } = await buildWorkspace({ name: "Quotes Co" });
  const ownerToken = await tokenFor(owner);
  const member = await buildMember(workspace, "member");
  const article = await buildArticle(workspace, owner, {
    title: "Price list",
    ...(options.locked ? { passwordHash: await hashPassword("open sesame") } : {}),
  });
  await grant({ article }, "User", "comment", { userId: member.user.id });
  return { workspace, owner, ownerToken, member, article };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const itemsOf = async (workspace: Pick<Workspace, "id">, token: string): Promise<Record<string, any>[]> =>
  ((await json(await api(`/w/${workspace.id}/inbox`, { token }))).data as { items: Record<string, unknown>[] }[]).flatMap((group) => group.items);
const mailsTo = (to: string) => db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id));
const mention = (articleId: number, token: string, mentionId: number) =>
  api(`/articles/${articleId}/comments`, { method: "POST", token, body: { body: `@Maya ${SECRET}`, mention_ids: [mentionId] } });

/** Everything the recipient can be shown about their items: the list, each item alone, every mail. */
async function everythingShown(workspace: Pick<Workspace, "id">, member: { token: string; user: { email: string } }) {
  const items = await itemsOf(workspace, member.token);
  const one = await Promise.all(
    items.map(async (item) => (await json(await api(`/w/${workspace.id}/inbox/${item.id}`, { method: "PUT", token: member.token, body: { read: false } }))).data),
  );
  const mails = await mailsTo(member.user.email);
  return { items, text: JSON.stringify([items, one, mails.map((mail) => [mail.subject, mail.text, mail.html])]) };
}

/** Runs the digest a day on, until nobody is due (other tests leave theirs). */
async function sendDueDigests() {
  const dayLater = new Date(Date.now() + 25 * 60 * 60 * 1000);
  while ((await sendInboxDigests(db, env, dayLater)) > 0);
}

describe("words an inbox item quotes", () => {
  it("are shown with the item while the reader may open the document", async () => {
    const { workspace, ownerToken, member, article } = await setup({ locked: false });
    expect((await mention(article.id, ownerToken, member.user.id)).status).toBe(201);
    const { items, text } = await everythingShown(workspace, member);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ data: { comment: expect.stringContaining(SECRET) }, locked: false, words_withheld: false });
    expect(text).toContain(SECRET);
  });

  it("a mention on a password-locked document says who and where, never the words: list, item, email at once", async () => {
    const { workspace, ownerToken, member, article } = await setup({ locked: true });
    expect((await mention(article.id, ownerToken, member.user.id)).status).toBe(201);
    // The document's own comments refuse them without the password...
    expect((await api(`/articles/${article.id}/comments`, { token: member.token })).status).toBe(403);

    // ...and so does everything the inbox shows.
    const { items, text } = await everythingShown(workspace, member);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ type: "Comment", event: "mentioned", locked: true, words_withheld: true, article: { title: "Price list" } });
    expect(items[0]!.data.comment).toBeUndefined();
    expect(items[0]!.text).toContain("mentioned you in a comment on");
    expect(text).not.toContain("wholesale");
    expect((await mailsTo(member.user.email)).length).toBeGreaterThan(0);
  });

  it("a review's answer on a locked document is left out of the email sent at once and the digest", async () => {
    const { workspace, owner, member, article } = await setup({ locked: true });
    const answer = { workspaceId: workspace.id, recipientId: member.user.id, actorId: owner.id, type: "Review" as const, articleId: article.id };
    await notify(db, env, [{ ...answer, event: "changes_requested", data: { kind: "approval", answer: "changes_requested", comment: SECRET } }], {
      origin: "https://app.test",
    });
    await api("/inbox/settings", { method: "PUT", token: member.token, body: { email: { Review: "daily" } } });
    await notify(db, env, [{ ...answer, event: "feedback", data: { kind: "informal_feedback_request", comment: SECRET } }], { origin: "https://app.test" });
    await sendDueDigests();

    const mails = await mailsTo(member.user.email);
    expect(mails.map((mail) => mail.kind).sort()).toEqual(["inbox.Review", "inbox.digest"]);
    expect(JSON.stringify(mails)).not.toContain("wholesale");
    expect(mails.find((mail) => mail.kind === "inbox.digest")!.text).toContain('gave feedback on "Price list"');
  });

  it("after the reader loses access, no title, link or words anywhere, the digest a day later included", async () => {
    const { workspace, ownerToken, member, article } = await setup({ locked: false });
    await api("/inbox/settings", { method: "PUT", token: member.token, body: { email: { Comment: "daily" } } });
    expect((await mention(article.id, ownerToken, member.user.id)).status).toBe(201);
    await db.delete(accesses).where(and(eq(accesses.articleId, article.id), eq(accesses.userId, member.user.id)));

    await sendDueDigests();
    const { items, text } = await everythingShown(workspace, member);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ article: { id: article.id, title: null }, url: null, words_withheld: true, locked: false });
    expect(text).not.toContain("wholesale");
    expect(text).not.toContain("Price list");
    const [digest] = await mailsTo(member.user.email);
    expect(digest).toMatchObject({ kind: "inbox.digest" });
    expect(digest!.text).toContain("mentioned you in a comment");
  });

  it("are judged when shown, not when stored: the lock taken off, the same item shows them", async () => {
    const { workspace, ownerToken, member, article } = await setup({ locked: true });
    await mention(article.id, ownerToken, member.user.id);
    expect((await itemsOf(workspace, member.token))[0]!.data.comment).toBeUndefined();
    const [stored] = await db.select().from(inboxItems).where(eq(inboxItems.recipientId, member.user.id));
    expect(JSON.stringify(stored!.data)).toContain("wholesale");

    await db.update(articles).set({ passwordHash: null }).where(eq(articles.id, article.id));
    expect((await itemsOf(workspace, member.token))[0]).toMatchObject({ locked: false, data: { comment: expect.stringContaining(SECRET) } });
  });
});
