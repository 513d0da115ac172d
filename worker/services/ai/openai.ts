import { maxTokensFor, promptFor } from "./prompt";
import { ProviderError, type TextProvider } from "./provider";
import { sseData } from "./sse";
import { duration } from "../../../core/counting";
import { DEFAULT_RETRY, retryAfterMs, withRetry, type RetryPolicy } from "./retry";

export interface OpenAiConfig {
  /** e.g. https://api.openai.com/v1, http://127.0.0.1:11434/v1 (Ollama), a llama.cpp server. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
  retry?: RetryPolicy;
}

interface ChatChunk {
  choices?: { delta?: { content?: string | null }; finish_reason?: string | null }[];
  error?: { message?: string };
}

function httpError(status: number, body: string, retryAfter: string | null): ProviderError {
  let detail = body.slice(0, 300);
  try {
    detail = (JSON.parse(body) as { error?: { message?: string } }).error?.message ?? detail;
  } catch {
    // not JSON: keep the text
  }
  if (status === 401 || status === 403) return new ProviderError(`The AI provider refused the API key (${status}). Check OPENAI_API_KEY.`, false, status);
  if (status === 404) return new ProviderError(`The AI provider does not know the model or endpoint (404): ${detail}. Check OPENAI_MODEL and OPENAI_BASE_URL.`, false, status);
  if (status === 429) return new ProviderError("The AI provider is rate limiting us (429). Try again in a minute.", true, status, retryAfterMs(retryAfter));
  if (status >= 500) return new ProviderError(`The AI provider had an error (${status}). Try again shortly.`, true, status, retryAfterMs(retryAfter));
  return new ProviderError(`The AI provider rejected the request (${status}): ${detail}`, false, status);
}

/**
 * Any OpenAI-compatible chat completions endpoint, streamed over server-sent events. 429 and
 * 5xx before the first token are retried with backoff; the whole call has a time limit.
 */
export function openAiProvider(config: OpenAiConfig): TextProvider {
  const endpoint = `${config.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  return {
    id: "openai",
    label: `OpenAI-compatible: ${config.model}`,
    model: config.model,
    async *stream(input) {
      const timeout = AbortSignal.timeout(config.timeoutMs);
      const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout;
      const prompt = promptFor(input);
      const timedOut = () => new ProviderError(`The AI provider did not finish within ${duration(config.timeoutMs)}.`, false);
      let response: Response;
      try {
        response = await withRetry(
          async () => {
            let answer: Response;
            try {
              answer = await fetch(endpoint, {
                method: "POST",
                headers: { "content-type": "application/json", accept: "text/event-stream", ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
                body: JSON.stringify({
                  model: config.model,
                  stream: true,
                  max_tokens: maxTokensFor(input),
                  messages: [
                    { role: "system", content: prompt.system },
                    { role: "user", content: prompt.user },
                  ],
                }),
                signal,
              });
            } catch (error) {
              if (signal.aborted) throw error;
              throw new ProviderError(`The AI provider could not be reached at ${config.baseUrl}.`, true);
            }
            if (!answer.ok) throw httpError(answer.status, await answer.text(), answer.headers.get("retry-after"));
            return answer;
          },
          config.retry ?? DEFAULT_RETRY,
          signal,
        );
      } catch (error) {
        if (timeout.aborted) throw timedOut();
        throw error;
      }
      if (!response.body) throw new ProviderError("The AI provider answered with no body.", false);
      try {
        for await (const data of sseData(response.body)) {
          if (data === "[DONE]") return;
          let chunk: ChatChunk;
          try {
            chunk = JSON.parse(data) as ChatChunk;
          } catch {
            continue;
          }
          if (chunk.error) throw new ProviderError(`The AI provider stopped with an error: ${chunk.error.message ?? "unknown"}`, false);
          const text = chunk.choices?.[0]?.delta?.content;
          if (text) yield text;
        }
      } catch (error) {
        if (timeout.aborted) throw timedOut();
        throw error;
      }
    },
  };
}
