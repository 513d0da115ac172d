import type { Parts } from "./plans";
import { cap } from "./plans";
import { gerund, type Writer } from "./writer";

/**
 * What carries a long draft once the workspace's facts and the kind's own lines are used up:
 * sentences about the brief's topic (and the outline point they develop) that claim nothing
 * the brief does not say. Each is written once per post (the writer's ledger refuses a
 * repeat), and every sentence longer than eight words names the topic, so two briefs never
 * share one. Without these a "Medium (about 1,200 words)" draft came out at about 250 words.
 */

type PointLine = (p: Parts, point: string, audience: string) => string;
type TopicLine = (p: Parts, audience: string) => string | null | false | "";

const POINT_LINES: PointLine[] = [
  (p, point) => `Start with ${point}, because it shapes the rest of ${p.topic}.`,
  (p, point) => `Most questions about ${p.topic} come back to ${point}.`,
  (p, point, audience) => `Look at ${point} with ${audience} in mind, and ${p.topic} gets clearer.`,
  (p, point) => `When people talk about ${p.topic}, they usually begin with ${point}.`,
  (p, point) => `It is worth putting ${point} into your own words when you think about ${p.topic}.`,
  (p, point) => `Take ${point} slowly: it is easy to rush past it when thinking about ${p.topic}.`,
  (p, point) => `If you remember one thing about ${p.topic}, make it ${point}.`,
  (p, point) => `Ask what ${point} looks like a month into ${p.topic}.`,
  (p, point) => `We keep ${point} in mind whenever ${p.topic} comes up.`,
  (p, point) => `Getting ${point} right makes the rest of ${p.topic} simpler.`,
  (p, point) => `${cap(point)} says a lot about ${p.topic}, more than it first seems.`,
  (p, point, audience) => `For ${audience}, ${point} is often the part of ${p.topic} that matters most.`,
];

const TOPIC_LINES: TopicLine[] = [
  (p) => `${cap(p.topic)} works best when it fits the way people already live.`,
  (p) => `The details of ${p.topic} matter more than the headline.`,
  (p) => `A clear picture of ${p.topic} saves time later.`,
  (p) => `Good questions about ${p.topic} usually lead to better answers.`,
  (p) => `Nobody needs to be an expert to care about ${p.topic}.`,
  (p) => `It helps to see ${p.topic} from the reader's side.`,
  (p) => `Small changes to ${p.topic} tend to add up.`,
  (p) => `The simplest version of ${p.topic} ${p.is} often the one that lasts.`,
  (p) => `Talking to the people who know ${p.topic} best is the quickest way to learn.`,
  (p) => `${cap(p.topic)} ${p.is} easier to judge after a week than after a day.`,
  (p) => `There is no single right way to think about ${p.topic}.`,
  (p) => `Honest feedback on ${p.topic} ${p.is} worth more than praise.`,
  (p) => `${cap(p.topic)} should feel simple, even when the work behind it is not.`,
  (p) => `What people notice first about ${p.topic} ${p.is} rarely the whole story.`,
  (p) => `A little patience with ${p.topic} goes a long way.`,
  (p) => `The best way to understand ${p.topic} ${p.is} to try it yourself.`,
  (p) => `Every part of ${p.topic} should earn its place.`,
  (p) => `Be clear about what ${p.topic} ${p.is} for, and the rest follows.`,
  (p) => `${cap(p.topic)} ${p.is} worth getting right, and worth explaining well.`,
  (p) => `People remember how ${p.topic} made them feel.`,
  (p) => `Plain words explain ${p.topic} better than clever ones.`,
  (p) => `When ${p.topic} goes well, it rarely draws attention to itself.`,
  (p) => `A short list of what matters about ${p.topic} beats a long one.`,
  (p) => `It is fine to change your mind about ${p.topic} as you learn.`,
  (p) => `Looking back at ${p.topic} after a while shows what worked.`,
  (p) => `${cap(p.topic)} means different things to different people.`,
  (p) => `Start from what people already know about ${p.topic}.`,
  (p) => `The first step with ${p.topic} ${p.is} usually the hardest.`,
  (p) => `${cap(p.topic)} deserves the same care as everything else we do.`,
  (p, audience) => audience && `${cap(audience)} tend to ask sensible questions about ${p.topic}.`,
  (p) => `There is always more to learn about ${p.topic}.`,
  (p) => `A good example of ${p.topic} says more than a long explanation.`,
  (p) => `Try explaining ${p.topic} to a friend in two sentences.`,
  (p) => `The reasons behind ${p.topic} matter as much as the result.`,
  (p) => `Share what you find out about ${p.topic} with the people around you.`,
  (p) => `Expect ${p.topic} to look a little different in a month.`,
  (p) => `If ${p.topic} feels complicated, break it into smaller parts.`,
  (p) => `The people closest to ${p.topic} often see what others miss.`,
  (p) => `Keep the people ${p.topic} ${p.is} for at the centre of it.`,
  (p) => `Whatever you decide about ${p.topic}, say it plainly.`,
  (p) => `Some of the best ideas about ${p.topic} come from the people it is for.`,
  (p) => `It pays to be specific about ${p.topic}.`,
  (p) => `A few honest words about ${p.topic} do more than a long pitch.`,
  (p) => `${cap(p.topic)} ${p.is} a good reason to stop and look again.`,
  (p) => `Think about what ${p.topic} looks like on an ordinary day.`,
  (p) => `The questions people ask about ${p.topic} are a good guide.`,
  (p) => `Nothing about ${p.topic} has to be perfect on day one.`,
  (p) => `The way ${p.topic} ${p.is} explained matters as much as what it is.`,
  (p) => `Most people want to know how ${p.topic} fits into their week.`,
  (p) => `It is worth saying clearly who ${p.topic} ${p.is} for.`,
  (p) => `There is a story behind ${p.topic}, and it is worth telling.`,
  (p) => `Keep an open mind about ${p.topic}.`,
  (p) => `What works for ${p.topic} today may change, and that is fine.`,
  (p) => `Ask the people around you what they think of ${p.topic}.`,
  (p) => `A good first impression of ${p.topic} makes everything after it easier.`,
];

/** At most eight words each, so they may recur between briefs, never within one post. */
const SHORT_LINES = [
  "Keep it simple at first.",
  "Start small and build from there.",
  "That is the heart of it.",
  "It is easier than it sounds.",
  "Small steps count.",
  "Take your time with this part.",
  "Ask for help when you need it.",
  "Then look again a week later.",
  "Write it down while it is fresh.",
  "Notice what changes, and what does not.",
  "Be patient with the first attempt.",
  "The rest follows from here.",
  "Clear beats clever every time.",
  "Come back to this when you are ready.",
  "Little by little, it adds up.",
  "Keep what works and drop the rest.",
  "Nothing here needs special skills.",
  "Expect a few surprises along the way.",
  "It is worth the effort.",
  "Do one thing well before the next.",
  "Listen first, then decide.",
  "This part is often skipped.",
  "Leave room for questions.",
  "Keep the reader in mind.",
  "That makes the next step easier.",
  "Quality shows in the small things.",
  "Ask what would make it better.",
  "There is no rush.",
  "Think about who it is for.",
  "Less is often more here.",
];

const PHRASE = /^(what|how|where|when|who|why|which|the|a|an|your|our|their|its|one|\p{L}+ing)\b/iu;
const IMPERATIVE = /^(get|do|check|keep|try|make|say|start|plan|take|find|set|use|write|ask|bring|book|share|tell|pick|choose|send|look|build|stop|avoid|add|read|visit|join|apply|claim|mark|save)\b/i;

/** An outline point as a phrase for the middle of a sentence ("Get ready" → "getting ready"); null for a whole sentence. */
function pointPhrase(point: string, voiced: (text: string) => string): string | null {
  const bare = point.replace(/[.!?]+$/, "").trim();
  if (!bare || bare.split(/\s+/).length > 8 || /[,;:]/.test(bare)) return null;
  // A phrase ("what to do first", "the tools", "skipping the preparation"), not a sentence of its own;
  // and not one ending in "is", which the voice would contract in mid-sentence ("what it's says").
  if (!(PHRASE.test(bare) || IMPERATIVE.test(bare)) || /\b(is|are)$/i.test(bare)) return null;
  const phrase = IMPERATIVE.test(bare) ? bare.replace(/^\S+/, (verb) => gerund(verb)) : bare;
  // Names keep their capitals; the writer's voice puts them back.
  return voiced(phrase.charAt(0).toLowerCase() + phrase.slice(1));
}

export interface Filler {
  /** One more sentence developing `point` (or its section's `heading`, or the topic), or null when every one is used. */
  next(point?: string, heading?: string): string | null;
}

/** Sentences in a seeded order, alternating a point's own lines, the topic's and short ones. */
export function createFiller(w: Writer): Filler {
  const shuffled = <T>(items: readonly T[]) => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(w.random() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  };
  const audience = w.parts.audience || "your readers";
  const pointLines = shuffled(POINT_LINES);
  const topicLines = shuffled(TOPIC_LINES);
  const shortLines = shuffled(SHORT_LINES);
  // A point frame may serve every point once; how often it was used overall spreads them out.
  const uses = new Map<PointLine, number>();
  let turn = 0;

  const fromPoint = (point: string | undefined, heading: string | undefined) => {
    // A point that is a sentence of its own is developed through its section's heading.
    const phrase = (point && pointPhrase(point, w.voiced)) || (heading && pointPhrase(heading, w.voiced));
    if (!phrase) return null;
    const order = [...pointLines].sort((a, b) => (uses.get(a) ?? 0) - (uses.get(b) ?? 0));
    for (const make of order) {
      const said = w.say(make(w.parts, phrase, audience));
      if (said) {
        uses.set(make, (uses.get(make) ?? 0) + 1);
        return said;
      }
    }
    return null;
  };
  const fromList = <T>(list: T[], make: (item: T) => string | null | false | "") => {
    while (list.length > 0) {
      const raw = make(list.shift()!);
      const said = raw ? w.say(raw) : null;
      if (said) return said;
    }
    return null;
  };
  const fromTopic = () => fromList(topicLines, (make) => make(w.parts, w.parts.audience));
  const fromShort = () => fromList(shortLines, (line) => line);

  return {
    next(point, heading) {
      const sources = [() => fromPoint(point, heading), fromTopic, fromShort];
      for (let tried = 0; tried < sources.length; tried++) {
        const said = sources[(turn + tried) % sources.length]!();
        if (said) {
          turn = (turn + tried + 1) % sources.length;
          return said;
        }
      }
      return null;
    },
  };
}
