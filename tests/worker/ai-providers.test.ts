import { afterEach, describe, expect, it, vi } from "vitest";
import { blogBriefSchema, socialBriefSchema } from "../../core/contracts/content";
import { parseSocialPosts } from "../../core/content/formats";
import { chooseProvider, ProviderError, type GenerationInput } from "../../worker/services/ai";
import { offlineProvider } from "../../worker/services/ai/offline";
import { openAiProvider } from "../../worker/services/ai/openai";
import { workersAiProvider, type AiBinding } from "../../worker/services/ai/workers-ai";

const fast = { attempts: 3, baseMs: 1, maxMs: 5 };
const input: GenerationInput = {
  task: { kind: "blog_outline", brief: blogBriefSchema.parse({ topic: "Spring launch", keywords: ["launch"] }) },
  voice: { brandName: "Acme", notes: { avoid_list: "synergy" } },
  passages: [{ sourceId: 1, sourceTitle: "Launch notes", text: "We launch on 1 March." }],
};

async function collect(stream: AsyncIterable<string>) {
  let text = "";
  for await (const piece of stream) text += piece;
  return text;
}

function sse(events: string[], { delayMs = 0 } = {}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    async start(controller) {
      for (const event of events) {
        if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
        controller.enqueue(encoder.encode(`data: ${event}\n\n`));
      }
      controller.close();
    },
  });
}

const chunk = (content: string) => JSON.stringify({ choices: [{ delta: { content } }] });

afterEach(() => vi.restoreAllMocks());

describe("OpenAI-compatible provider", () => {
  it("streams the answer's deltas and sends the brand voice and the passages", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async () => new Response(sse([chunk("## Why"), chunk(" it matters\n- A"), "[DONE]"])));
    const provider = openAiProvider({ baseUrl: "https://llm.example/v1/", apiKey: "sk-test", model: "test-model", timeoutMs: 5_000, retry: fast });
    const pieces: string[] = [];
    for await (const piece of provider.stream(input)) pieces.push(piece);
    expect(pieces).toEqual(["## Why", " it matters\n- A"]);
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe("https://llm.example/v1/chat/completions");
    expect(new Headers(init!.headers).get("authorization")).toBe("Bearer sk-test");
    const body = JSON.parse(init!.body as string);
    expect(body).toMatchObject({ model: "test-model", stream: true });
    expect(body.messages[0].content).toContain("Never use these words or phrases: synergy.");
    expect(body.messages[1].content).toContain("[1] (Launch notes) We launch on 1 March.");
  });

  it("retries a 429 and a 503, then streams", async () => {
    const answers = [new Response("slow down", { status: 429, headers: { "retry-after": "0" } }), new Response("down", { status: 503 }), new Response(sse([chunk("ok"), "[DONE]"]))];
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async () => answers.shift()!);
    const text = await collect(openAiProvider({ baseUrl: "https://llm.example/v1", model: "m", timeoutMs: 5_000, retry: fast }).stream(input));
    expect(text).toBe("ok");
    expect(fetchSpy).toHaveBeenCalledTimes(3);
  });

  it("gives up after the last attempt with a message the user can act on", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => new Response("busy", { status: 429 }));
    const error = await collect(openAiProvider({ baseUrl: "https://llm.example/v1", model: "m", timeoutMs: 5_000, retry: fast }).stream(input)).catch((e) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.message).toBe("The AI provider is rate limiting us (429). Try again in a minute.");
  });

  it("does not retry a refused key", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async () => Response.json({ error: { message: "bad key" } }, { status: 401 }));
    const error = await collect(openAiProvider({ baseUrl: "https://llm.example/v1", model: "m", timeoutMs: 5_000, retry: fast }).stream(input)).catch((e) => e);
    expect(error.message).toContain("refused the API key (401)");
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it("fails with a timeout message when the stream stalls", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async (_url, init) => {
      const signal = (init as RequestInit).signal!;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(`data: ${chunk("partial")}\n\n`));
          signal.addEventListener("abort", () => controller.error(signal.reason));
        },
      });
      return new Response(body);
    });
    const pieces: string[] = [];
    const error = await (async () => {
      for await (const piece of openAiProvider({ baseUrl: "https://llm.example/v1", model: "m", timeoutMs: 200, retry: fast }).stream(input)) pieces.push(piece);
    })().catch((e) => e);
    expect(pieces).toEqual(["partial"]);
    expect(error.message).toBe("The AI provider did not finish within 200 milliseconds.");
  });
});

describe("Workers AI provider", () => {
  it("streams the binding's events and retries capacity errors", async () => {
    const run = vi
      .fn<AiBinding["run"]>()
      .mockRejectedValueOnce(new Error("3040: Capacity temporarily exceeded, please try again."))
      .mockResolvedValueOnce(sse([JSON.stringify({ response: "Hello" }), JSON.stringify({ response: " world" }), "[DONE]"]));
    const text = await collect(workersAiProvider({ binding: { run }, model: "@cf/test", timeoutMs: 5_000, retry: fast }).stream(input));
    expect(text).toBe("Hello world");
    expect(run).toHaveBeenCalledTimes(2);
    expect(run.mock.calls[1]![0]).toBe("@cf/test");
    expect(run.mock.calls[1]![1]).toMatchObject({ stream: true });
  });

  it("does not retry an error that is not about capacity", async () => {
    const run = vi.fn<AiBinding["run"]>().mockRejectedValue(new Error("5007: No such model"));
    const error = await collect(workersAiProvider({ binding: { run }, model: "@cf/nope", timeoutMs: 5_000, retry: fast }).stream(input)).catch((e) => e);
    expect(error.message).toBe("Workers AI had an error: 5007: No such model");
    expect(run).toHaveBeenCalledTimes(1);
  });
});

describe("choosing a provider", () => {
  it("runs the offline writer when nothing is configured, and says so", () => {
    const provider = chooseProvider({});
    expect(provider.id).toBe("offline");
    expect(provider.label).toContain("Offline writer");
  });

  it("picks the OpenAI-compatible endpoint or the AI binding from the environment", () => {
    expect(chooseProvider({ OPENAI_BASE_URL: "http://127.0.0.1:11434/v1", OPENAI_MODEL: "llama3.1" }).label).toBe("OpenAI-compatible: llama3.1");
    expect(chooseProvider({ AI: { run: async () => null } }).id).toBe("workers-ai");
    expect(chooseProvider({ AI_PROVIDER: "offline", OPENAI_BASE_URL: "http://x" }).id).toBe("offline");
  });

  it("streams offline text that reads back into one post per channel", async () => {
    const text = await collect(
      offlineProvider().stream({ ...input, task: { kind: "social_posts", brief: socialBriefSchema.parse({ topic: "Spring launch", channels: ["twitter", "linkedin"] }) } }),
    );
    expect(parseSocialPosts(text).map((p) => p.channel)).toEqual(["twitter", "linkedin"]);
  });
});
