import { createParser } from "eventsource-parser";
import { useCallback, useRef, useState } from "react";
import type { GenerationRequest } from "../../../core/contracts/content";
import { api, ApiError } from "~/lib/api";

export type GenerationPhase = "idle" | "streaming" | "done" | "failed" | "aborted";

export interface GenerationState<R> {
  phase: GenerationPhase;
  jobId: number | null;
  providerLabel: string | null;
  text: string;
  result: R | null;
  notes: string[];
  error: string | null;
  /** Field errors from a refused brief (400). */
  fields: Record<string, string[]>;
}

const initialState = <R,>(): GenerationState<R> => ({ phase: "idle", jobId: null, providerLabel: null, text: "", result: null, notes: [], error: null, fields: {} });

/**
 * One generation at a time, streamed: text arrives as it is written, then the result (or
 * why it failed). `stop` tells the server to end the job and stops reading.
 */
export function useGeneration<R = Record<string, unknown>>(workspaceId: number) {
  const [state, setState] = useState<GenerationState<R>>(initialState);
  const controller = useRef<AbortController | null>(null);
  const jobId = useRef<number | null>(null);

  const start = useCallback(
    async (request: GenerationRequest) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      jobId.current = null;
      setState({ ...initialState<R>(), phase: "streaming" });
      try {
        const response = await api.stream(`/w/${workspaceId}/generations`, request, { signal: abort.signal });
        const reader = response.body!.getReader();
        const decoder = new TextDecoder();
        let ended = false;
        const parser = createParser({
          onEvent: ({ event, data }) => {
            const payload = JSON.parse(data) as Record<string, unknown>;
            if (event === "job") {
              jobId.current = payload.id as number;
              setState((s) => ({ ...s, jobId: payload.id as number, providerLabel: payload.provider_label as string }));
            } else if (event === "text") {
              setState((s) => ({ ...s, text: s.text + (payload.text as string) }));
            } else if (event === "done") {
              ended = true;
              setState((s) => ({ ...s, phase: "done", result: payload as R, notes: (payload.notes as string[]) ?? [] }));
            } else if (event === "error") {
              ended = true;
              setState((s) => ({ ...s, phase: "failed", error: payload.message as string }));
            } else if (event === "aborted") {
              ended = true;
              setState((s) => ({ ...s, phase: "aborted" }));
            }
          },
        });
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          parser.feed(decoder.decode(value, { stream: true }));
        }
        if (!ended) setState((s) => ({ ...s, phase: "failed", error: "The connection closed before the writing finished. Try again." }));
      } catch (error) {
        if (abort.signal.aborted) return setState((s) => ({ ...s, phase: "aborted" }));
        if (error instanceof ApiError) return setState((s) => ({ ...s, phase: "failed", error: error.problem.message, fields: error.problem.fields }));
        setState((s) => ({ ...s, phase: "failed", error: "The writing stopped unexpectedly. Try again." }));
      }
    },
    [workspaceId],
  );

  const stop = useCallback(() => {
    const id = jobId.current;
    if (id !== null) void api.post(`/generations/${id}/abort`).catch(() => {});
    controller.current?.abort();
  }, []);

  const reset = useCallback(() => setState(initialState<R>()), []);

  return { ...state, start, stop, reset };
}
