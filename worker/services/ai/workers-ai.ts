import { maxTokensFor, promptFor } from "./prompt";
import { ProviderError, type TextProvider } from "./provider";
import { sseData } from "./sse";
import { duration } from "../../../core/counting";
import { DEFAULT_RETRY, withRetry, type RetryPolicy } from "./retry";

/** The slice of the Workers AI binding this provider uses. */
export interface AiBinding {
  run(model: string, inputs: Record<string, unknown>, options?: Record<string, unknown>): Promise<unknown>;
}

export interface WorkersAiConfig {
  binding: AiBinding;
  model: string;
  timeoutMs: number;
  retry?: RetryPolicy;
}

/** Workers AI reports capacity and rate limits in the error text (e.g. "3040: Capacity temporarily exceeded"). */
const RETRYABLE = /\b(429|5\d\d|3040|3043|capacity|rate limit|overloaded|temporarily)\b/i;

/** Workers AI through the `AI` binding, streamed (the binding answers server-sent events). */
export function workersAiProvider(config: WorkersAiConfig): TextProvider {
  return {
    id: "workers-ai",
    label: `Workers AI: ${config.model}`,
    model: config.model,
    async *stream(input) {
      const timeout = AbortSignal.timeout(config.timeoutMs);
      const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout;
      const prompt = promptFor(input);
      const timedOut = () => new ProviderError(`Workers AI did not finish within ${duration(config.timeoutMs)}.`, false);
      let stream: ReadableStream<Uint8Array>;
      try {
        stream = await withRetry(
          async () => {
            let answer: unknown;
            try {
              answer = await config.binding.run(
                config.model,
                {
                  stream: true,
                  max_tokens: maxTokensFor(input),
                  messages: [
                    { role: "system", content: prompt.system },
                    { role: "user", content: prompt.user },
                  ],
                },
                { signal },
              );
            } catch (error) {
              if (signal.aborted) throw error;
              const message = error instanceof Error ? error.message : String(error);
              throw new ProviderError(`Workers AI had an error: ${message}`, RETRYABLE.test(message));
            }
            if (!(answer instanceof ReadableStream)) throw new ProviderError("Workers AI answered without a stream.", false);
            return answer as ReadableStream<Uint8Array>;
          },
          config.retry ?? DEFAULT_RETRY,
          signal,
        );
      } catch (error) {
        if (timeout.aborted) throw timedOut();
        throw error;
      }
      try {
        for await (const data of sseData(stream)) {
          if (signal.aborted) throw signal.reason;
          if (data === "[DONE]") return;
          try {
            const text = (JSON.parse(data) as { response?: string }).response;
            if (text) yield text;
          } catch {
            // a keep-alive or partial line: skip it
          }
        }
      } catch (error) {
        if (timeout.aborted) throw timedOut();
        throw error;
      }
    },
  };
}
