import { describe, expect, it } from "vitest";
import { api, buildMember, buildWorkspace, json, tokenFor } from "../factories";

/** Generates a sequence through the real endpoint and returns its id from the stream's `done` event. */
async function generateSequence(workspaceId: number, token: string, brief: Record<string, unknown>) {
  const text = await (await api(`/w/${workspaceId}/generations`, { method: "POST", token, body: { kind: "email_sequence", brief } })).text();
  const done = text.split("\n\n").find((block) => block.startsWith("event: done"))!;
  return JSON.parse(done.match(/^data: (.+)$/m)![1]!) as { sequence: { id: number }; result: { emails: { subject: string; send_day: number }[] } };
}

describe("email sequences", () => {
  it("a promo sequence is generated on its cadence, stored, edited and listed", async () => {
    const { workspace, owner } = await buildWorkspace();
    const token = await tokenFor(owner);
    const done = await generateSequence(workspace.id, token, { kind: "promo", topic: "Winter coats", offer: "30% off", deadline: "2026-12-20", count: 3, cadence_days: 2 });
    expect(done.result.emails.map((e) => e.send_day)).toEqual([0, 2, 4]);
    expect(done.result.emails[2]!.subject).toContain("Last chance");

    const stored = (await json(await api(`/email_sequences/${done.sequence.id}`, { token }))).data;
    expect(stored).toMatchObject({ kind: "promo", title: "Winter coats" });
    const emails = stored.emails.map((e: { subject: string }, i: number) => (i === 0 ? { ...e, subject: "Coats, warmer and cheaper" } : e));
    const patched = await api(`/email_sequences/${done.sequence.id}`, { method: "PATCH", token, body: { emails } });
    expect((await json(patched)).data.emails[0].subject).toBe("Coats, warmer and cheaper");
    expect((await json(await api(`/w/${workspace.id}/email_sequences`, { token }))).data.map((s: { id: number }) => s.id)).toEqual([done.sequence.id]);
  });

  it("refuses an email without a subject, and hides sequences from guests and other workspaces", async () => {
    const { workspace, owner } = await buildWorkspace();
    const token = await tokenFor(owner);
    const done = await generateSequence(workspace.id, token, { kind: "nurture", topic: "Saving energy at home", goal: "Book an audit", count: 2, cadence_days: 3 });
    const bad = await api(`/email_sequences/${done.sequence.id}`, { method: "PATCH", token, body: { emails: [{ send_day: 0, subject: "", preview: "", body: "Hi" }] } });
    expect(bad.status).toBe(400);
    expect((await json(bad)).fields).toEqual({ "emails.0.subject": ["can't be blank"] });
    const guest = await buildMember(workspace, "guest");
    expect((await api(`/email_sequences/${done.sequence.id}`, { token: guest.token })).status).toBe(404);
    const other = await buildWorkspace();
    expect((await api(`/email_sequences/${done.sequence.id}`, { method: "DELETE", token: await tokenFor(other.owner) })).status).toBe(404);
    expect((await api(`/email_sequences/${done.sequence.id}`, { method: "DELETE", token })).status).toBe(204);
  });
});
