import type { EmailDraft, EmailSequenceBrief } from "../../contracts/content";
import { pick, seededRandom } from "../seeded";
import type { Passage } from "../passages";
import type { VoiceContext } from "../voice";
import { audiencePhrase, capitalise, firstSentence, relevantPassages } from "./words";

/**
 * The offline writer's email sequences. A nurture sequence moves from welcome through
 * lessons and proof to the goal; a promo sequence announces the offer and counts down to
 * its deadline. Every email gets a subject, a preview line and a short markdown body.
 */

const deadlineLabel = (isoDate: string) =>
  new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(new Date(`${isoDate}T00:00:00Z`));

const SIGN_OFFS = ["Talk soon,", "All the best,", "Until next time,", "Cheers,"];

function nurtureStage(index: number, count: number): "welcome" | "lesson" | "proof" | "ask" {
  if (index === 0) return "welcome";
  if (index === count - 1) return count === 1 ? "welcome" : "ask";
  return index === count - 2 && count > 3 ? "proof" : "lesson";
}

export function writeEmailSequence(brief: EmailSequenceBrief, voice: VoiceContext, passages: readonly Passage[] = []): EmailDraft[] {
  const random = seededRandom(`email:${brief.kind}:${brief.topic}`);
  const topic = brief.topic.replace(/[.!?]+$/, "");
  const lower = topic.toLowerCase();
  const audience = audiencePhrase(brief.audience || voice.notes.audience || "");
  const brand = voice.brandName;
  const signOff = `${pick(random, SIGN_OFFS)}\nThe ${brand} team`;
  const facts = relevantPassages(passages, [brief.topic, brief.kind === "nurture" ? brief.goal : brief.offer], brief.count).map((p) => firstSentence(p.text));
  const emails: EmailDraft[] = [];

  for (let i = 0; i < brief.count; i++) {
    const day = i * brief.cadence_days;
    const fact = facts[i % Math.max(1, facts.length)];
    let subject: string;
    let preview: string;
    let body: string[];
    if (brief.kind === "nurture") {
      const goal = brief.goal.replace(/[.!?]+$/, "");
      switch (nurtureStage(i, brief.count)) {
        case "welcome":
          subject = `Welcome: let's talk about ${lower}`;
          preview = `What to expect from us over the next ${brief.count > 1 ? `${(brief.count - 1) * brief.cadence_days} days` : "few days"}.`;
          body = [
            "Hi {{first_name}},",
            `Thanks for joining us. Over the next few emails we will share what we have learned about ${lower}, written for ${audience}.`,
            `No fluff: one idea per email, each something you can use the same day.`,
          ];
          break;
        case "lesson":
          subject = `Lesson ${i}: ${pick(random, ["the first step most people skip", "one change that makes a difference", "what to stop doing", "a habit worth keeping"])}`;
          preview = `A practical idea about ${lower} you can try today.`;
          body = [
            "Hi {{first_name}},",
            fact ? `Here is something worth knowing: ${fact}` : `Here is a simple idea about ${lower} that works for ${audience}.`,
            `Try it this week: pick one small part of ${lower}, give it twenty minutes, and note what changed.`,
          ];
          break;
        case "proof":
          subject = `What happened when a team tried this`;
          preview = `A short story about ${lower}, and what it means for you.`;
          body = [
            "Hi {{first_name}},",
            fact ?? `Teams like yours have used these ideas to make ${lower} simpler and more reliable.`,
            "The lesson is the same every time: start small, keep going, and measure what matters.",
          ];
          break;
        case "ask":
          subject = `Ready for the next step?`;
          preview = `${capitalise(goal)}: here is how.`;
          body = [
            "Hi {{first_name}},",
            `Over these emails we have covered the essentials of ${lower}. The natural next step is to ${goal.charAt(0).toLowerCase() + goal.slice(1)}.`,
            `**[${capitalise(goal)}](#)**`,
            "Questions first? Just reply to this email: a person reads every answer.",
          ];
          break;
      }
    } else {
      const offer = brief.offer.replace(/[.!?]+$/, "");
      const deadline = deadlineLabel(brief.deadline);
      const last = i === brief.count - 1 && brief.count > 1;
      if (i === 0) {
        subject = `${capitalise(offer)}, for ${lower}`;
        preview = `Until ${deadline}.`;
        body = ["Hi {{first_name}},", `We made something for ${audience}: ${offer}. It runs until ${deadline}.`, `**[Claim the offer](#)**`];
      } else if (last) {
        subject = `Last chance: ${offer} ends ${deadline}`;
        preview = "After today it is gone.";
        body = ["Hi {{first_name}},", `A quick reminder: ${offer} ends on ${deadline}. If ${lower} is on your list, now is the time.`, `**[Claim the offer before it ends](#)**`];
      } else {
        subject = pick(random, [`Still thinking about ${lower}?`, `Why people are taking us up on this`, `A closer look at the offer`]);
        preview = `${capitalise(offer)}, until ${deadline}.`;
        body = [
          "Hi {{first_name}},",
          fact ? fact : `Here is what ${offer} means in practice for ${lower}.`,
          `It is available until ${deadline}.`,
          `**[See the offer](#)**`,
        ];
      }
    }
    emails.push({ send_day: day, subject, preview, body: [...body, signOff].join("\n\n") });
  }
  return emails;
}
