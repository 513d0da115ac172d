import { offlineProvider } from "./offline";
import { openAiProvider } from "./openai";
import type { ProviderId, TextProvider } from "./provider";
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
 * Which provider the environment asks for. AI_PROVIDER picks one explicitly ("offline",
 * "openai", "workers-ai"); without it, an OPENAI_BASE_URL means the OpenAI-compatible
 * endpoint, an AI binding means Workers AI, and otherwise the offline writer runs.
 */
export function providerChoice(env: AiEnv): ProviderId {
  const wanted = env.AI_PROVIDER?.trim() || (env.OPENAI_BASE_URL ? "openai" : env.AI ? "workers-ai" : "offline");
  if (wanted === "openai" && env.OPENAI_BASE_URL) return "openai";
  if (wanted === "workers-ai" && env.AI) return "workers-ai";
  return "offline";
}

/** The environment's time limit for one call to a provider. */
export const timeoutOf = (env: AiEnv) => (Number(env.AI_TIMEOUT_MS) > 0 ? Number(env.AI_TIMEOUT_MS) : DEFAULT_TIMEOUT_MS);

export function chooseProvider(env: AiEnv): TextProvider {
  const timeoutMs = timeoutOf(env);
  const choice = providerChoice(env);
  if (choice === "openai" && env.OPENAI_BASE_URL) {
    return openAiProvider({ baseUrl: env.OPENAI_BASE_URL, apiKey: env.OPENAI_API_KEY || undefined, model: env.OPENAI_MODEL || "gpt-4o-mini", timeoutMs });
  }
  if (choice === "workers-ai" && env.AI) {
    return workersAiProvider({ binding: env.AI, model: env.WORKERS_AI_MODEL || DEFAULT_WORKERS_AI_MODEL, timeoutMs });
  }
  return offlineProvider();
}
