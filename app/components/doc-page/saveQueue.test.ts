import { describe, expect, it } from "vitest";
import { createSaveQueue, saveStatusText, type SaveSnapshot } from "./saveQueue";

/** Hand-driven timers: `tick()` runs whatever is due. */
function fakeTimers() {
  let now = 0;
  let next = 1;
  const due = new Map<number, { at: number; run: () => void }>();
  return {
    timers: {
      set: (run: () => void, ms: number) => {
        const id = next++;
        due.set(id, { at: now + ms, run });
        return id;
      },
      clear: (id: unknown) => void due.delete(id as number),
    },
    async tick(ms: number) {
      now += ms;
      for (const [id, entry] of [...due]) {
        if (entry.at <= now) {
          due.delete(id);
          entry.run();
        }
      }
      await settle();
    },
  };
}
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function setup(save: (value: string) => Promise<string>) {
  const clock = fakeTimers();
  const statuses: SaveSnapshot["status"][] = [];
  const saved: string[] = [];
  const queue = createSaveQueue<string, string>({
    save,
    delay: 1000,
    timers: clock.timers,
    onChange: (snapshot) => statuses.push(snapshot.status),
    onSaved: (_result, value) => saved.push(value),
    describeError: (error) => (error instanceof Error ? error.message : "failed"),
  });
  return { clock, statuses, saved, queue };
}

describe("createSaveQueue", () => {
  it("saves once, a second after typing stops", async () => {
    const calls: string[] = [];
    const { clock, queue, statuses } = setup(async (value) => (calls.push(value), value));
    queue.change("a");
    await clock.tick(500);
    queue.change("ab");
    await clock.tick(900);
    expect(calls).toEqual([]);
    await clock.tick(200);
    expect(calls).toEqual(["ab"]);
    expect(statuses.at(-1)).toBe("saved");
    expect(queue.hasUnsaved()).toBe(false);
  });

  it("saves right away on flush (blur, Ctrl+S)", async () => {
    const calls: string[] = [];
    const { queue } = setup(async (value) => (calls.push(value), value));
    queue.change("draft");
    await queue.flush();
    expect(calls).toEqual(["draft"]);
    expect(queue.snapshot().status).toBe("saved");
  });

  it("saves what was typed during a save right after it", async () => {
    const calls: string[] = [];
    let release: () => void = () => {};
    const { clock, queue, saved } = setup(
      (value) =>
        new Promise((resolve) => {
          calls.push(value);
          release = () => resolve(value);
        }),
    );
    queue.change("one");
    await clock.tick(1000);
    expect(calls).toEqual(["one"]);
    queue.change("one two");
    expect(queue.snapshot().status).toBe("saving");
    release();
    await settle();
    await clock.tick(1000);
    expect(calls).toEqual(["one", "one two"]);
    release();
    await settle();
    expect(saved).toEqual(["one", "one two"]);
    expect(queue.snapshot().status).toBe("saved");
  });

  it("keeps a failed change for Retry and says why it failed", async () => {
    let fail = true;
    const calls: string[] = [];
    const { queue } = setup(async (value) => {
      calls.push(value);
      if (fail) throw new Error("offline");
      return value;
    });
    queue.change("text");
    await queue.flush();
    expect(queue.snapshot()).toEqual({ status: "failed", error: "offline" });
    expect(queue.hasUnsaved()).toBe(true);
    fail = false;
    await queue.flush();
    expect(calls).toEqual(["text", "text"]);
    expect(queue.snapshot().status).toBe("saved");
    expect(queue.hasUnsaved()).toBe(false);
  });

  it("does nothing on flush when nothing changed", async () => {
    const calls: string[] = [];
    const { queue } = setup(async (value) => (calls.push(value), value));
    await queue.flush();
    expect(calls).toEqual([]);
    expect(queue.snapshot().status).toBe("idle");
  });
});

describe("saveStatusText", () => {
  it("reads as the editor's status line", () => {
    expect(saveStatusText({ status: "saving", error: null })).toBe("Saving…");
    expect(saveStatusText({ status: "saved", error: null })).toBe("Saved");
    expect(saveStatusText({ status: "failed", error: "x" })).toBe("Couldn't save");
    expect(saveStatusText({ status: "idle", error: null })).toBe("");
  });
});
