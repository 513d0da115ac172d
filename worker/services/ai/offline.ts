import { formatEmailSequence, formatSocialPosts } from "../../../core/content/formats";
import { writeBlogOutline, writeBlogPost } from "../../../core/content/offline/blog";
import { writeEmailSequence } from "../../../core/content/offline/email";
import { rewriteInVoice } from "../../../core/content/offline/rewrite";
import { writeSocialPosts } from "../../../core/content/offline/social";
import type { GenerationInput, TextProvider } from "./provider";

/** The whole text the offline writer produces for a task. */
export function offlineText({ task, voice, passages, variation, examples }: GenerationInput): string {
  switch (task.kind) {
    case "blog_outline":
      return writeBlogOutline(task.brief, voice, passages, variation)
        .map((section) => `## ${section.heading}\n${section.points.map((p) => `- ${p}`).join("\n")}`)
        .join("\n\n");
    case "blog_draft":
      return writeBlogPost(task.brief, voice, passages, variation);
    case "email_sequence":
      return formatEmailSequence(writeEmailSequence(task.brief, voice, passages, variation));
    case "social_posts":
      return formatSocialPosts(writeSocialPosts(task.brief, voice, passages, variation, examples));
    case "rewrite":
      return rewriteInVoice(task.brief, voice);
  }
}

/**
 * The default provider: no network, no key. It reads the brief, writes from the brand voice and
 * the retrieved passages (core/content/offline), seeded by the job, and streams the text in small pieces like
 * a model would, so the screen behaves the same whichever provider is configured.
 */
export function offlineProvider(): TextProvider {
  return {
    id: "offline",
    label: "Offline writer (no AI provider configured)",
    model: "brandwork-offline-1",
    async *stream(input) {
      const text = offlineText(input);
      const pieces = text.match(/\S+\s*/g) ?? [];
      for (let i = 0; i < pieces.length; i += 4) {
        if (input.signal?.aborted) return;
        yield pieces.slice(i, i + 4).join("");
        // Hand the event loop back between pieces, so a Stop is seen and bytes flush.
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    },
  };
}
