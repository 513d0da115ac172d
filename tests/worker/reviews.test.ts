import { exports } from "cloudflare:workers";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { articles, channelMemberships, channels, events, mailOutbox, workspaces, type Article } from "../../worker/db/schema";
import { AUTH_COOKIE_NAME, authStateFor, encodeAuthState } from "../../app/lib/auth-cookie";
import { isApproved, requiresApproval } from "../../worker/services/reviews";
import { api, buildArticle, buildMember, buildWorkspace, db, grant, json, tokenFor } from "../factories";

async function setup() {
  const { workspace, owner } = await buildWorkspace({ name: "Review Co" });
  const writer = await buildMember(workspace, "member");
  const approver = await buildMember(workspace, "member");
  const second = await buildMember(workspace, "member");
  const article = await buildArticle(workspace, writer.user, { title: "Launch post" });
  for (const reviewer of [approver, second]) await grant({ article }, "User", "comment", { userId: reviewer.user.id });
  return { workspace, owner, writer, approver, second, article };
}

const statusOf = async (article: Pick<Article, "id">) => (await db.select().from(articles).where(eq(articles.id, article.id)))[0]!.status;
const ask = (article: Pick<Article, "id">, token: string, body: Record<string, unknown>) =>
  api(`/articles/${article.id}/reviews`, { method: "POST", token, body });
const answer = (reviewId: number, token: string, body: Record<string, unknown>) =>
  api(`/reviews/${reviewId}/answer`, { method: "POST", token, body });
const inboxOf = async (workspaceId: number, token: string) =>
  ((await json(await api(`/w/${workspaceId}/inbox`, { token }))).data as { items: Record<string, unknown>[] }[]).flatMap((group) => group.items);

describe("POST /v1/articles/:id/reviews", () => {
  it("asks people for approval: the document goes in review and each reviewer gets an inbox item and an email", async () => {
    const { workspace, writer, approver, second, article } = await setup();
    const response = await ask(article, writer.token, {
      kind: "approval",
      user_ids: [approver.user.id, second.user.id],
      message: "Ready for sign-off",
      due_at: "2026-12-01T12:00:00Z",
    });
    expect(response.status).toBe(201);
    const { data } = await json(response);
    expect(data).toMatchObject({
      kind: "approval",
      status: "open",
      message: "Ready for sign-off",
      due_at: "2026-12-01T12:00:00.000Z",
      article: { id: article.id, status: "in_review" },
      requester: { id: writer.user.id },
      progress: { answered: 0, total: 2 },
      policies: { "reviews.answer": false, "reviews.close": true },
    });
    expect(await statusOf(article)).toBe("in_review");
    expect(await inboxOf(workspace.id, approver.token)).toMatchObject([
      { type: "Review", event: "requested", review_id: data.id, url: `/docs/launch-post-${article.id}/reviews/${data.id}`, data: { message: "Ready for sign-off" } },
    ]);
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, approver.user.email)).orderBy(desc(mailOutbox.id));
    expect(mail).toMatchObject({ kind: "inbox.Review" });
    expect(await inboxOf(workspace.id, writer.token)).toHaveLength(0);
  });

  it("reaches the members of a group, each once, and never the requester", async () => {
    const { workspace, writer, approver, second, article } = await setup();
    const [group] = await db.insert(channels).values({ workspaceId: workspace.id, name: "Editors" }).returning();
    for (const user of [approver.user, second.user, writer.user]) await db.insert(channelMemberships).values({ channelId: group!.id, userId: user.id });
    const response = await ask(article, writer.token, { kind: "informal_feedback_request", channel_ids: [group!.id], user_ids: [approver.user.id] });
    expect(response.status).toBe(201);
    const { data } = await json(response);
    expect(data.reviewers.map((r: { user: { id: number } }) => r.user.id).sort()).toEqual([approver.user.id, second.user.id].sort());
    expect(await inboxOf(workspace.id, second.token)).toMatchObject([{ type: "InformalFeedbackRequest" }]);
    // Feedback is not approval: the status stays where it was.
    expect(await statusOf(article)).toBe("draft");
  });

  it("refuses a reviewer who cannot open the document (422 naming them), a commenter asking, and a stranger", async () => {
    const { workspace, writer, approver, article } = await setup();
    const outsider = await buildMember(workspace, "member");
    const blocked = await ask(article, writer.token, { kind: "approval", user_ids: [outsider.user.id] });
    expect(blocked.status).toBe(422);
    expect((await json(blocked)).fields.user_ids[0]).toContain(String(outsider.user.id));
    expect((await ask(article, approver.token, { kind: "approval", user_ids: [writer.user.id] })).status).toBe(403);
    const stranger = await buildWorkspace();
    expect((await ask(article, await tokenFor(stranger.owner), { kind: "approval", user_ids: [writer.user.id] })).status).toBe(404);
    expect(await statusOf(article)).toBe("draft");
  });

  it("validates the kind, the people and the date, naming each field", async () => {
    const { writer, article } = await setup();
    const response = await ask(article, writer.token, { kind: "vibe_check", user_ids: [], due_at: "next week" });
    expect(response.status).toBe(400);
    expect(Object.keys((await json(response)).fields).sort()).toEqual(["due_at", "kind"]);
    const nobody = await ask(article, writer.token, { kind: "approval" });
    expect((await json(nobody)).fields).toHaveProperty("user_ids");
  });
});

describe("answering", () => {
  it("approved by every approver: the document is approved, and the requester hears each answer", async () => {
    const { workspace, writer, approver, second, article } = await setup();
    const { data: review } = await json(await ask(article, writer.token, { kind: "approval", user_ids: [approver.user.id, second.user.id] }));
    const first = await answer(review.id, approver.token, { answer: "approved" });
    expect(first.status).toBe(200);
    expect((await json(first)).data).toMatchObject({ status: "open", progress: { answered: 1, total: 2 }, article: { status: "in_review" } });
    const last = await json(await answer(review.id, second.token, { answer: "approved" }));
    expect(last.data).toMatchObject({ status: "completed", article: { status: "approved" }, my_answer: "approved" });
    expect(isApproved({ status: await statusOf(article) })).toBe(true);
    const told = await inboxOf(workspace.id, writer.token);
    expect(told.map((item) => item.event)).toEqual(["approved", "approved"]);
    expect(told[0]!.text).toMatch(/approved "Launch post"/);
  });

  it("changes requested sends the document back to draft, needs a comment, and ends the round", async () => {
    const { writer, approver, second, article } = await setup();
    const { data: review } = await json(await ask(article, writer.token, { kind: "approval", user_ids: [approver.user.id, second.user.id] }));
    const bare = await answer(review.id, approver.token, { answer: "changes_requested" });
    expect(bare.status).toBe(400);
    expect((await json(bare)).fields).toHaveProperty("comment");
    const changes = await json(await answer(review.id, approver.token, { answer: "changes_requested", comment: "Fix the headline" }));
    expect(changes.data).toMatchObject({ status: "completed", article: { status: "draft" } });
    expect(changes.data.reviewers.find((r: { user: { id: number } }) => r.user.id === approver.user.id)).toMatchObject({
      answer: "changes_requested",
      comment: "Fix the headline",
    });
    expect((await answer(review.id, second.token, { answer: "approved" })).status).toBe(409);
  });

  it("takes only the answers its kind allows and only from the people asked", async () => {
    const { workspace, writer, approver, second, article } = await setup();
    const { data: review } = await json(await ask(article, writer.token, { kind: "read_receipt", user_ids: [approver.user.id] }));
    expect((await answer(review.id, approver.token, { answer: "approved" })).status).toBe(400);
    expect((await answer(review.id, second.token, { answer: "read" })).status).toBe(403);
    expect((await api(`/w/${workspace.id}/inbox/counts`, { token: approver.token }).then(json)).data.read_receipts.my_tasks).toBe(1);
    const read = await json(await answer(review.id, approver.token, { answer: "read" }));
    expect(read.data).toMatchObject({ status: "completed", article: { status: "draft" } });
    expect((await api(`/w/${workspace.id}/inbox/counts`, { token: approver.token }).then(json)).data.read_receipts.my_tasks).toBe(0);
    expect((await api(`/w/${workspace.id}/inbox/counts`, { token: writer.token }).then(json)).data.read_receipts).toMatchObject({
      my_requests: 0,
      all_requests: 1,
    });
  });

  it("complete feedback makes a draft reviewed", async () => {
    const { writer, approver, article } = await setup();
    const { data: review } = await json(await ask(article, writer.token, { kind: "suggest_changes", user_ids: [approver.user.id] }));
    const done = await json(await answer(review.id, approver.token, { answer: "feedback", comment: "Tightened the intro" }));
    expect(done.data).toMatchObject({ status: "completed", article: { status: "reviewed" } });
  });
});

describe("POST /v1/articles/:id/read_receipt", () => {
  it("confirms every read receipt the reader owes there, shared or asked by review, and tells whoever asked", async () => {
    const { workspace, writer, article } = await setup();
    const approver = await buildMember(workspace, "member");
    await api(`/articles/${article.id}/accesses`, {
      method: "POST",
      token: writer.token,
      body: { member_accesses: [{ target_type: "User", target_id: approver.user.id, permission: "comment", read_receipt: true }] },
    });
    const { data: review } = await json(await ask(article, writer.token, { kind: "read_receipt", user_ids: [approver.user.id] }));
    const before = (await api(`/w/${workspace.id}/inbox/counts`, { token: approver.token }).then(json)).data;
    expect(before.read_receipts.my_tasks).toBe(2);

    const confirmed = await api(`/articles/${article.id}/read_receipt`, { method: "POST", token: approver.token });
    expect(confirmed.status).toBe(200);
    expect((await json(confirmed)).data).toMatchObject({ confirmed: 2 });
    const after = (await api(`/w/${workspace.id}/inbox/counts`, { token: approver.token }).then(json)).data;
    expect(after.read_receipts.my_tasks).toBe(0);
    expect(after.unread_by_type.ReadReceiptRequest).toBe(0);
    expect((await json(await api(`/reviews/${review.id}`, { token: writer.token }))).data).toMatchObject({ status: "completed" });
    expect((await api(`/w/${workspace.id}/inbox/counts`, { token: writer.token }).then(json)).data.read_receipts).toMatchObject({
      my_requests: 0,
      all_requests: 2,
    });
    expect((await inboxOf(workspace.id, writer.token)).map((item) => item.event)).toEqual(["read", "read"]);
    // Nothing owed: nothing confirmed, and a stranger cannot reach the document at all.
    expect((await json(await api(`/articles/${article.id}/read_receipt`, { method: "POST", token: approver.token }))).data.confirmed).toBe(0);
    const stranger = await buildWorkspace();
    expect((await api(`/articles/${article.id}/read_receipt`, { method: "POST", token: await tokenFor(stranger.owner) })).status).toBe(404);
  });
});

describe("dismissing and closing", () => {
  it("the requester dismisses an approval: the document leaves review and waiting reviewers are told", async () => {
    const { workspace, writer, approver, second, article } = await setup();
    const { data: review } = await json(await ask(article, writer.token, { kind: "approval", user_ids: [approver.user.id, second.user.id] }));
    expect((await api(`/reviews/${review.id}/dismiss`, { method: "POST", token: approver.token })).status).toBe(403);
    const dismissed = await api(`/reviews/${review.id}/dismiss`, { method: "POST", token: writer.token });
    expect(dismissed.status).toBe(200);
    expect((await json(dismissed)).data).toMatchObject({ status: "dismissed", article: { status: "draft" } });
    expect((await inboxOf(workspace.id, second.token)).map((item) => item.event)).toEqual(["dismissed", "requested"]);
    expect((await api(`/reviews/${review.id}/close`, { method: "POST", token: writer.token })).status).toBe(409);
    const recorded = await db.select().from(events).where(eq(events.articleId, article.id));
    expect(recorded.map((event) => event.name)).toEqual(expect.arrayContaining(["reviews.create", "reviews.dismiss"]));
  });

  it("the requester closes an approval before everyone answered: it ends as closed, the document goes back to draft (not approved) and the waiting reviewer is told", async () => {
    const { workspace, writer, approver, second, article } = await setup();
    const { data: review } = await json(await ask(article, writer.token, { kind: "approval", user_ids: [approver.user.id, second.user.id] }));
    expect((await answer(review.id, approver.token, { answer: "approved" })).status).toBe(200);
    expect((await api(`/reviews/${review.id}/close`, { method: "POST", token: approver.token })).status).toBe(403);
    const closed = await api(`/reviews/${review.id}/close`, { method: "POST", token: writer.token });
    expect(closed.status).toBe(200);
    expect((await json(closed)).data).toMatchObject({ status: "closed", article: { status: "draft" } });
    // One approval out of two is not an approval: the document may not go out where the workspace asks for one.
    expect(await statusOf(article)).toBe("draft");
    expect(isApproved({ status: await statusOf(article) })).toBe(false);
    expect((await inboxOf(workspace.id, second.token)).map((item) => item.event)).toEqual(["closed", "requested"]);
    expect((await api(`/reviews/${review.id}/close`, { method: "POST", token: writer.token })).status).toBe(409);
    const recorded = await db.select().from(events).where(eq(events.articleId, article.id));
    expect(recorded.map((event) => event.name)).toEqual(expect.arrayContaining(["reviews.create", "reviews.answer", "reviews.close"]));
  });
});

describe("reading reviews", () => {
  it("lists a document's reviews for its readers, and hides them from people who cannot open it", async () => {
    const { workspace, writer, approver, article } = await setup();
    const { data: review } = await json(await ask(article, writer.token, { kind: "approval", user_ids: [approver.user.id] }));
    const list = await json(await api(`/articles/${article.id}/reviews`, { token: approver.token }));
    expect(list.data).toMatchObject([{ id: review.id, policies: { "reviews.answer": true, "reviews.close": false } }]);
    const outsider = await buildMember(workspace, "member");
    expect((await api(`/reviews/${review.id}`, { token: outsider.token })).status).toBe(403);
    const stranger = await buildWorkspace();
    expect((await api(`/reviews/${review.id}`, { token: await tokenFor(stranger.owner) })).status).toBe(404);
  });

  it("with_active_reviews keeps only documents someone is reviewing", async () => {
    const { workspace, writer, approver, article } = await setup();
    const other = await buildArticle(workspace, writer.user, { title: "Other" });
    for (const doc of [article, other]) await api(`/articles/${doc.id}`, { token: writer.token });
    await db.insert(events).values([article, other].map((doc) => ({ name: "articles.view", workspaceId: workspace.id, userId: writer.user.id, articleId: doc.id })));
    await ask(article, writer.token, { kind: "approval", user_ids: [approver.user.id] });
    const feed = await json(await api(`/w/${workspace.id}/files_views/recent?items=10&with_active_reviews=true`, { token: writer.token }));
    expect(feed.data.map((item: { id: number }) => item.id)).toEqual([article.id]);
  });
});

describe("requiresApproval", () => {
  it("holds campaign pieces and scheduled posts by default, and follows the statuses tab", async () => {
    const { workspace, owner } = await setup();
    expect(await requiresApproval(db, workspace.id, "scheduled_posts")).toBe(true);
    expect(await requiresApproval(db, workspace.id, "publishing")).toBe(false);
    const saved = await api(`/w/${workspace.id}/settings/workspace`, {
      method: "PUT",
      token: await tokenFor(owner),
      body: { statuses: { require_approval: { scheduled_posts: false, publishing: true } } },
    });
    expect(saved.status).toBe(200);
    expect(await requiresApproval(db, workspace.id, "scheduled_posts")).toBe(false);
    expect(await requiresApproval(db, workspace.id, "publishing")).toBe(true);
    expect(await requiresApproval(db, workspace.id, "campaign_pieces")).toBe(true);
    const [stored] = await db.select().from(workspaces).where(eq(workspaces.id, workspace.id));
    expect(stored!.settings.statuses?.labels?.draft ?? "Draft").toBe("Draft");
  });
});

describe("the review pages", () => {
  const cookieFor = (token: string) => `${AUTH_COOKIE_NAME}=${encodeAuthState(authStateFor(`Bearer ${token}`))}`;
  const page = (path: string, token: string, init: RequestInit = {}) =>
    exports.default.fetch(`https://app.test${path}`, {
      redirect: "manual",
      ...init,
      headers: { Cookie: cookieFor(token), Origin: "https://app.test", Host: "app.test", ...(init.headers ?? {}) },
    });
  const post = (path: string, token: string, form: Record<string, string | string[]>) => {
    const body = new URLSearchParams();
    for (const [key, value] of Object.entries(form)) for (const entry of [value].flat()) body.append(key, entry);
    return page(path, token, { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
  };

  it("an editor asks from the form and lands on the review; the reviewer approves from its page", async () => {
    const { writer, approver, article } = await setup();
    const base = `/docs/launch-post-${article.id}/reviews`;
    const form = await page(`${base}/new`, writer.token);
    expect(form.status).toBe(200);
    expect(await form.text()).toContain("Ask for a review of");
    expect((await page(`${base}/new`, approver.token)).status).toBe(403);

    const sent = await post(`${base}/new`, writer.token, { kind: "approval", user_ids: [String(approver.user.id)], message: "Please", due_date: "2026-12-24" });
    expect(sent.status).toBe(302);
    const location = sent.headers.get("Location")!;
    expect(location).toMatch(new RegExp(`^${base}/\\d+$`));
    const shown = await (await page(location, approver.token)).text();
    expect(shown).toContain("In review");
    expect(shown).toContain("Approve");

    expect((await post(location, approver.token, { intent: "answer", answer: "approved" })).status).toBe(200);
    expect(await statusOf(article)).toBe("approved");
    expect(await (await page(location, writer.token)).text()).toContain("1 of 1 answered");
  });

  it("a review under another document's address does not exist", async () => {
    const { workspace, writer, approver, article } = await setup();
    const other = await buildArticle(workspace, writer.user, { title: "Other" });
    const { data: review } = await json(await ask(article, writer.token, { kind: "approval", user_ids: [approver.user.id] }));
    expect((await page(`/docs/other-${other.id}/reviews/${review.id}`, writer.token)).status).toBe(404);
  });
});
