import { offlineProvider } from "./offline";
import { openAiProvider } from "./openai";
import type { TextProvider } from "./provider";
import { workersAiProvider, type AiBinding } from "./workers-ai";

export type { GenerationInput, GenerationTask, TextProvider } from "./provider";
export { ProviderError } from "./provider";

export interface AiEnv {
  AI_PROVIDER?: string;
  AI?: AiBinding;
  WORKERS_AI_MODEL?: string;
  OPENAI_BASE_URL?: string;
  OPENAI_API_KEY?: string;
  OPENAI_MODEL?: string;
  AI_TIMEOUT_MS?: string;
}

export const DEFAULT_WORKERS_AI_MODEL = "@cf/meta/llama-3.1-8b-instruct";
const DEFAULT_TIMEOUT_MS = 90_000;

/**
 * The provider the environment asks for. AI_PROVIDER picks one explicitly ("offline",
 * "openai", "workers-ai"); without it, an OPENAI_BASE_URL means the OpenAI-compatible
 * endpoint, an AI binding means Workers AI, and otherwise the offline writer runs.
 */
export function chooseProvider(env: AiEnv): TextProvider {
  const timeoutMs = Number(env.AI_TIMEOUT_MS) > 0 ? Number(env.AI_TIMEOUT_MS) : DEFAULT_TIMEOUT_MS;
  const wanted = env.AI_PROVIDER?.trim() || (env.OPENAI_BASE_URL ? "openai" : env.AI ? "workers-ai" : "offline");
  if (wanted === "openai" && env.OPENAI_BASE_URL) {
    return openAiProvider({ baseUrl: env.OPENAI_BASE_URL, apiKey: env.OPENAI_API_KEY || undefined, model: env.OPENAI_MODEL || "gpt-4o-mini", timeoutMs });
  }
  if (wanted === "workers-ai" && env.AI) {
    return workersAiProvider({ binding: env.AI, model: env.WORKERS_AI_MODEL || DEFAULT_WORKERS_AI_MODEL, timeoutMs });
  }
  return offlineProvider();
}
