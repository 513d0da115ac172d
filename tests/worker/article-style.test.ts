import { describe, expect, it } from "vitest";
import { api, buildMember, buildWorkspace, json, tokenFor } from "../factories";

describe("the house style", () => {
  it("starts empty, is set by an admin, and every generation follows its avoid list", async () => {
    const { workspace, owner } = await buildWorkspace();
    const token = await tokenFor(owner);
    expect((await json(await api(`/w/${workspace.id}/article_style`, { token }))).data).toMatchObject({ tone: "", reading_level: "standard", avoid_words: [] });
    const saved = await api(`/w/${workspace.id}/article_style`, { method: "PUT", token, body: { tone: "Plain and warm", reading_level: "simple", avoid_words: ["office"] } });
    expect((await json(saved)).data).toMatchObject({ tone: "Plain and warm", reading_level: "simple", avoid_words: ["office"] });

    const stream = await (
      await api(`/w/${workspace.id}/generations`, { method: "POST", token, body: { kind: "social_posts", brief: { topic: "Office coffee", channels: ["linkedin"] } } })
    ).text();
    const done = JSON.parse(stream.split("\n\n").find((b) => b.startsWith("event: done"))!.match(/^data: (.+)$/m)![1]!);
    // The writer leaves the avoided word out itself (the guardrails would remove it, with a note, from any other provider).
    expect(done.result.posts[0].body.toLowerCase()).toContain("coffee");
    expect(done.result.posts[0].body.toLowerCase()).not.toContain("office");
    expect(done.result.posts[0].hashtags.join(" ").toLowerCase()).not.toContain("office");
  });

  it("is changed by admins only, and refuses a bad reading level naming the field", async () => {
    const { workspace, owner } = await buildWorkspace();
    const member = await buildMember(workspace, "member");
    expect((await api(`/w/${workspace.id}/article_style`, { method: "PUT", token: member.token, body: { tone: "Loud" } })).status).toBe(403);
    const bad = await api(`/w/${workspace.id}/article_style`, { method: "PUT", token: await tokenFor(owner), body: { reading_level: "genius" } });
    expect(bad.status).toBe(400);
    expect(Object.keys((await json(bad)).fields)).toEqual(["reading_level"]);
  });
});
