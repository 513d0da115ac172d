import type { EmailDraft, OutlineSection, SocialPost } from "../contracts/content";
import { socialChannels, type SocialChannel } from "./channels";

/**
 * The plain-text formats every provider writes in, so the text can stream to the screen as
 * it arrives and still be read back into structure afterwards: one `## ` section per email
 * or channel, a few `Field: value` lines (continued on lines indented by two spaces), a
 * blank line, then the body in markdown.
 */

interface Section {
  heading: string;
  fields: Map<string, string>;
  body: string;
}

function sections(text: string, fieldNames: readonly string[]): Section[] {
  const out: Section[] = [];
  const parts = text.replace(/\r\n?/g, "\n").split(/^## +/m).slice(1);
  for (const part of parts) {
    const [headingLine = "", ...rest] = part.split("\n");
    const fields = new Map<string, string>();
    let last: string | null = null;
    let i = 0;
    for (; i < rest.length; i++) {
      const line = rest[i]!;
      if (!line.trim()) {
        if (fields.size > 0) {
          i++;
          break;
        }
        continue;
      }
      // A field continues on lines indented by two spaces (a YouTube description's chapters).
      if (line.startsWith("  ") && last) {
        fields.set(last, `${fields.get(last)}\n${line.slice(2)}`);
        continue;
      }
      const match = line.match(/^([A-Za-z ]+):\s*(.*)$/);
      if (!match || !fieldNames.includes(match[1]!.trim().toLowerCase())) break;
      last = match[1]!.trim().toLowerCase();
      fields.set(last, match[2]!.trim());
    }
    out.push({ heading: headingLine.trim(), fields, body: rest.slice(i).join("\n").trim() });
  }
  return out;
}

export function formatEmailSequence(emails: readonly EmailDraft[]): string {
  return emails
    .map((email, index) => `## Email ${index + 1}\nDay: ${email.send_day}\nSubject: ${email.subject}\nPreview: ${email.preview}\n\n${email.body.trim()}\n`)
    .join("\n");
}

/** Reads emails back; an email without a subject or body is left out. */
export function parseEmailSequence(text: string, cadenceDays: number): EmailDraft[] {
  return sections(text, ["day", "subject", "preview"])
    .map((section, index) => ({
      send_day: Number.parseInt(section.fields.get("day") ?? "", 10) >= 0 ? Number.parseInt(section.fields.get("day")!, 10) : index * cadenceDays,
      subject: section.fields.get("subject") ?? "",
      preview: section.fields.get("preview") ?? "",
      body: section.body,
    }))
    .filter((email) => email.subject && email.body);
}

export function formatSocialPosts(posts: readonly SocialPost[]): string {
  return posts
    .map((post) => {
      const lines = [`## ${post.channel}`];
      if (post.title) lines.push(`Title: ${post.title}`);
      if (post.description) lines.push(`Description: ${post.description.trim().replace(/\n+/g, "\n  ")}`);
      lines.push(`Hashtags: ${post.hashtags.join(" ")}`, `Image: ${post.image_brief}`, "", post.body.trim(), "");
      return lines.join("\n");
    })
    .join("\n");
}

const isChannel = (value: string): value is SocialChannel => (socialChannels as readonly string[]).includes(value);

/** Reads posts back, one per known channel (the first wins when a model repeats one). */
export function parseSocialPosts(text: string): SocialPost[] {
  const seen = new Set<SocialChannel>();
  const posts: SocialPost[] = [];
  for (const section of sections(text, ["title", "description", "hashtags", "image"])) {
    const channel = section.heading.toLowerCase().replace(/[^a-z_]/g, "");
    if (!isChannel(channel) || seen.has(channel)) continue;
    seen.add(channel);
    posts.push({
      channel,
      ...(section.fields.get("title") ? { title: section.fields.get("title")! } : {}),
      ...(section.fields.get("description") ? { description: section.fields.get("description")! } : {}),
      body: section.body,
      hashtags: (section.fields.get("hashtags") ?? "").split(/[\s,]+/).filter(Boolean),
      image_brief: section.fields.get("image") ?? "",
    });
  }
  return posts;
}

/** An outline as written: `## heading` lines, each followed by `- point` lines. */
export function parseOutline(text: string): OutlineSection[] {
  const sections: OutlineSection[] = [];
  for (const raw of text.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    const heading = line.match(/^#{1,3}\s+(.+)$/);
    if (heading) {
      sections.push({ heading: heading[1]!.trim().slice(0, 200), points: [] });
      continue;
    }
    const point = line.match(/^(?:[-*•]|\d+[.)])\s+(.+)$/);
    if (point && sections.length > 0 && sections.at(-1)!.points.length < 10) sections.at(-1)!.points.push(point[1]!.trim().slice(0, 500));
  }
  return sections.filter((section) => section.heading).slice(0, 15);
}
