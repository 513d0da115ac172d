import { blogDraftPrompt, blogOutlinePrompt, emailSequencePrompt, rewritePrompt, socialPostsPrompt, type Prompt } from "../../../core/content/prompts";
import type { GenerationInput } from "./provider";

/** The prompt for a task, for the providers that take one. */
export function promptFor({ task, voice, passages, examples }: GenerationInput): Prompt {
  switch (task.kind) {
    case "blog_outline":
      return blogOutlinePrompt(task.brief, voice, passages);
    case "blog_draft":
      return blogDraftPrompt(task.brief, voice, passages);
    case "email_sequence":
      return emailSequencePrompt(task.brief, voice, passages);
    case "social_posts":
      return socialPostsPrompt(task.brief, voice, passages, examples);
    case "rewrite":
      return rewritePrompt(task.brief, voice);
  }
}

/** Tokens to allow for a task's answer. */
export function maxTokensFor({ task }: GenerationInput): number {
  switch (task.kind) {
    case "blog_outline":
      return 800;
    case "blog_draft":
      return { short: 1_500, medium: 2_800, long: 4_500 }[task.brief.length];
    case "email_sequence":
      return 400 * task.brief.count + 200;
    case "social_posts":
      return 700 * task.brief.channels.length;
    case "rewrite":
      // About a token per four characters, with room to grow a little.
      return Math.ceil(task.brief.text.length / 2) + 200;
  }
}
