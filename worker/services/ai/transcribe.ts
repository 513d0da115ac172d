import { providerChoice, timeoutOf, type AiEnv } from "./index";
import { ProviderError } from "./provider";

export const DEFAULT_WORKERS_AI_WHISPER = "@cf/openai/whisper";

/**
 * Speech to text through the configured AI provider: Workers AI's Whisper through the
 * binding, or an OpenAI-compatible `/audio/transcriptions`. With no provider there is no
 * honest way to transcribe, so the caller is told to upload a transcript instead.
 */
export async function transcribe(env: AiEnv & { OPENAI_TRANSCRIBE_MODEL?: string }, audio: ArrayBuffer, filename: string, contentType: string): Promise<string> {
  const choice = providerChoice(env);
  if (choice === "openai" && env.OPENAI_BASE_URL) {
    const form = new FormData();
    form.set("file", new File([audio], filename, { type: contentType }));
    form.set("model", env.OPENAI_TRANSCRIBE_MODEL || "whisper-1");
    const response = await fetch(`${env.OPENAI_BASE_URL.replace(/\/+$/, "")}/audio/transcriptions`, {
      method: "POST",
      headers: env.OPENAI_API_KEY ? { authorization: `Bearer ${env.OPENAI_API_KEY}` } : {},
      body: form,
      signal: AbortSignal.timeout(timeoutOf(env)),
    });
    if (!response.ok) throw new ProviderError(`The AI provider could not transcribe the file (${response.status}).`, response.status === 429 || response.status >= 500, response.status);
    const body = (await response.json()) as { text?: string };
    return body.text ?? "";
  }
  if (choice === "workers-ai" && env.AI) {
    const result = (await env.AI.run(DEFAULT_WORKERS_AI_WHISPER, { audio: [...new Uint8Array(audio)] })) as { text?: string };
    return result.text ?? "";
  }
  throw new ProviderError("Turning audio or video into text needs an AI provider. Upload a transcript (.txt, .vtt or .srt) instead.", false, 400);
}
