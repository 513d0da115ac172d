import type { EmailDraft, EmailSequenceBrief } from "../../contracts/content";
import { pick } from "../seeded";
import type { Passage } from "../passages";
import type { VoiceContext } from "../voice";
import { cited, type Fact } from "./facts";
import { cap } from "./plans";
import { createWriter, type Variation } from "./writer";
import { count } from "../../counting";

/**
 * The offline writer's email sequences. A nurture sequence moves from welcome through
 * lessons and proof to the goal; a promo sequence announces the offer and counts down to
 * its deadline. The brief is read like any other (subject, kind, audience), every email
 * carries a fact from the workspace's material where there is one (cited [n]), and no
 * sentence is repeated from one email to the next.
 */

const deadlineLabel = (isoDate: string) =>
  new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(new Date(`${isoDate}T00:00:00Z`));

const SIGN_OFFS = ["Talk soon,", "All the best,", "Until next time,", "Cheers,"];

function nurtureStage(index: number, count: number): "welcome" | "lesson" | "proof" | "ask" {
  if (index === 0) return "welcome";
  if (index === count - 1) return count === 1 ? "welcome" : "ask";
  return index === count - 2 && count > 3 ? "proof" : "lesson";
}

export function writeEmailSequence(brief: EmailSequenceBrief, voice: VoiceContext, passages: readonly Passage[] = [], variation?: Variation): EmailDraft[] {
  const w = createWriter(brief.topic, voice, passages, { salt: `email:${brief.kind}`, audience: brief.audience, variation });
  const { parts } = w;
  const topic = parts.topic;
  const signOff = `${pick(w.random, SIGN_OFFS)}\nThe ${voice.brandName} team`;
  const fact = (): string | null => {
    const found: Fact | null = w.fact((f) => f.ref !== undefined) ?? w.fact();
    return found ? cited(found) : null;
  };
  const emails: EmailDraft[] = [];

  for (let i = 0; i < brief.count; i++) {
    const day = i * brief.cadence_days;
    let subject: string;
    let preview: string;
    let body: (string | null)[];
    if (brief.kind === "nurture") {
      const goal = brief.goal.replace(/[.!?]+$/, "");
      switch (nurtureStage(i, brief.count)) {
        case "welcome":
          subject = w.voiced(`Welcome: let's talk about ${topic}`);
          preview = w.voiced(`What to expect over the next ${brief.count > 1 ? count((brief.count - 1) * brief.cadence_days, "day") : "few days"}.`);
          body = [
            w.say(`Thanks for joining us. Over the next ${brief.count > 1 ? count(brief.count - 1, "email") : "few weeks"} we will share what we know about ${topic}${parts.audience ? `, written for ${parts.audience}` : ""}.`),
            w.line("hooks"),
            fact(),
          ];
          break;
        case "lesson":
          subject = w.voiced(`Lesson ${i}: ${pick(w.random, [`where to start with ${parts.short}`, "one change that matters", "what to stop doing", "a habit worth keeping"])}`);
          preview = w.voiced(`One idea about ${parts.short} to use today.`);
          body = [fact(), fact(), (parts.stance === "for" ? w.say(`Try it this week: give ${topic} twenty minutes, and note what changed.`) : null), w.line("questions")];
          break;
        case "proof":
          subject = w.voiced(`What we have seen with ${topic}`);
          preview = w.voiced(`What happened, and what it means for ${parts.audience || "you"}.`);
          body = [fact(), fact(), w.line("audience")];
          break;
        case "ask":
          subject = w.voiced(`Ready for the next step with ${topic}?`);
          preview = w.voiced(`${cap(goal)}: here is how.`);
          body = [
            w.say(`Over these emails we have covered what matters most about ${topic}.`),
            fact(),
            `**[${cap(goal)}](#)**`,
            w.say("Questions first? Just reply: a person reads every answer."),
          ];
          break;
      }
    } else {
      const offer = brief.offer.replace(/[.!?]+$/, "");
      const deadline = deadlineLabel(brief.deadline);
      const last = i === brief.count - 1 && brief.count > 1;
      if (i === 0) {
        subject = w.voiced(`${cap(offer)}, for ${parts.audience || "you"}`);
        preview = `Until ${deadline}.`;
        body = [w.say(`${parts.audience ? `For ${parts.audience}` : "For you"}: ${offer}, until ${deadline}.`), w.line("hooks"), fact(), `**[Claim the offer](#)**`];
      } else if (last) {
        subject = w.voiced(`Last chance: ${offer} ends ${deadline}`);
        preview = "After today it is gone.";
        body = [w.say(`A quick reminder: ${offer} ends on ${deadline}.`), w.say(`If ${topic} is on your list, now is the time.`), fact(), `**[Claim the offer before it ends](#)**`];
      } else {
        subject = w.voiced(pick(w.random, [`Still thinking about ${topic}?`, `Why people are choosing ${topic}`, `A closer look at ${offer}`]));
        preview = w.voiced(`${cap(offer)}, until ${deadline}.`);
        body = [fact(), fact(), w.say(`${cap(offer)} runs until ${deadline}.`), `**[See the offer](#)**`];
      }
    }
    emails.push({ send_day: day, subject, preview, body: ["Hi {{first_name}},", ...body.filter((line): line is string => Boolean(line)), signOff].join("\n\n") });
  }
  return emails;
}
