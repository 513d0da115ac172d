import type { BriefKind } from "./brief";
import { article } from "./phrases";

/**
 * Sentence plans: for each kind of brief, the sentences a writer reaches for (an opening
 * line, a line for the audience, a call to action, a question), each built from the brief's
 * parts. A plan answers null when the brief lacks the part it needs. Fixed wording stays
 * short (eight words or fewer), so two briefs of one kind never share a long sentence:
 * anything longer carries the brief's own subject, time or place.
 */

export interface Parts {
  /** "our new oat-milk cold brew" */
  subject: string;
  /** "new oat-milk cold brew" */
  thing: string;
  /** "our new oat-milk cold brew" for launches; "our latte art workshop" for "a latte art workshop". */
  ours: string;
  it: string;
  is: string;
  action: string;
  object: string;
  /** "in April" */
  time: string;
  /** "April", "Sunday": the time without its preposition. */
  date: string;
  /** "in Leeds" */
  place: string;
  audience: string;
  brand: string;
  occasion: string;
  /** How-tos: "descale your espresso machine at home" when the brief is a task, else "". */
  task: string;
  /** "descaling your espresso machine at home" */
  doing: string;
  /** What the piece is about, for the middle of any sentence: the doing for a task, else the subject. */
  topic: string;
  /** The topic in a word or two, once it has been named: "descaling", "the workshop". */
  short: string;
  /** Opinions: "we stopped selling single-use cups" */
  claim: string;
  /** Offers: the product without the discount, "filter coffee". */
  product: string;
  /** The brand is the brief's subject ("Ledgerly now files…"), so the subject is what it now does. */
  brandNews: boolean;
  /** Announcements of what now happens to the subject: "now delivered warm to your door" (from "is now delivered warm to their door"). */
  news: string;
  /** The thing is plural: "they are", "them". */
  plural: boolean;
  /** "a" or "an" before the thing. */
  a: "a" | "an";
  /** Launches whose news is a whole clause: "our bakery opens a second shop"; "" otherwise. */
  clause: string;
  /** The brief's action as an imperative: "register for our free workshop on pricing". */
  imperative: string;
  /** A list title: the thing is a number of points. */
  list: boolean;
  /** "seven ways", "three nurses"; "" without a number. */
  count: string;
  countHead: string;
  stance: "for" | "against";
  /** The brief's question, when it asks one. */
  question: string;
  /** What we did, as the reader could do it: "stop selling bottled water". */
  ourAct: string;
  /** Hiring: one of the role, "nurse", "head roaster". */
  role: string;
}

/** The kinds of phrase a sentence plan's slots take; a plan is used only when the brief gives each one. */
export type Slot = "time" | "date" | "place" | "audience" | "clause" | "imperative" | "list" | "count" | "singular" | "plural" | "plain" | "for" | "against" | "claim" | "news" | "task";

export function gives(p: Parts, slot: Slot): boolean {
  switch (slot) {
    case "singular":
      return !p.plural;
    case "plural":
      return p.plural;
    case "list":
      return p.list;
    case "plain":
      // A plain noun phrase: no list title, no question, no task.
      return !p.list && !p.question && !p.task;
    case "for":
      return p.stance === "for";
    case "against":
      return p.stance === "against";
    default:
      return Boolean(p[slot]);
  }
}

/** A sentence plan with typed slots: `needs(["time", "clause"], (p) => …)`. */
export const needs = (slots: Slot[], make: (p: Parts) => string | null | false | undefined | ""): Line => (p) => slots.every((slot) => gives(p, slot)) && make(p);

export type Line = (p: Parts) => string | null | false | undefined | "";

export interface KindPlan {
  hooks: Line[];
  /** A line about who it is for. */
  audience: Line[];
  calls: Line[];
  questions: Line[];
  /** Short titles: YouTube, SEO, email subject lines, blog headings. */
  titles: Line[];
  /** Blog outline sections for this kind: heading and the points it covers. */
  sections: ((p: Parts) => { heading: string; points: string[] } | null)[];
  /** What the picture shows. */
  image: (p: Parts) => string;
  /** Sentences that carry a blog section where the workspace has no fact for it; each names the topic. */
  develop: Line[];
}

export const cap = (text: string) => (text ? text.charAt(0).toUpperCase() + text.slice(1) : text);
const sp = (text: string) => (text ? ` ${text}` : "");
const when = (p: Parts) => `${sp(p.time)}${sp(p.place)}`;

const announcement: KindPlan = {
  hooks: [
    (p) => p.time && `Coming ${p.time}: ${p.subject}.`,
    needs(["time", "clause"], (p) => `${cap(p.time)}, ${p.clause}${sp(p.place)}.`),
    (p) => p.time && !p.clause && `${cap(p.time)}, ${p.subject} ${p.is === "are" ? "arrive" : "arrives"}${sp(p.place)}.`,
    needs(["clause"], (p) => `Big news${p.place ? ` ${p.place}` : ""}: ${p.clause}.`),
    (p) => p.news && `Good news: ${p.subject}, ${p.news}.`,
    (p) => p.news && `From now on, ${p.subject} ${p.is === "are" ? "come" : "comes"} ${p.news.replace(/^now\s+/, "")}.`,
    (p) => !p.news && `Say hello to ${p.subject}.`,
    (p) => p.brandNews && `New at ${p.brand}: ${p.subject}.`,
    (p) => p.brandNews && `${p.brand} has news for ${p.audience || "you"}: ${p.subject}.`,
    (p) => `${cap(p.subject)} ${p.is} ${p.time ? "almost here" : "here"}.`,
    (p) => `We have news: ${p.subject} ${p.is} on the way.`,
    (p) => p.date && `Mark ${p.date} in your calendar: ${p.clause || p.subject}.`,
  ],
  audience: [(p) => p.audience && !p.clause && `We made ${p.it} for ${p.audience}.`, (p) => p.audience && `${cap(p.ours)}, made with ${p.audience} in mind.`],
  calls: [
    (p) => p.time && `Look out for ${p.it} ${p.time}.`,
    (p) => p.time && `Be among the first to try ${p.it} ${p.time}.`,
    (p) => `Try ${p.it}, then tell us.`,
    (p) => `Follow ${p.brand} for the first look.`,
    () => "Tell a friend who will want this.",
  ],
  questions: [(p) => `What do you want to know about ${p.ours}?`, (p) => `Who would you share ${p.it} with?`, () => "What should we make next?"],
  titles: [
    (p) => p.news && `${cap(p.subject)}, ${p.news}`,
    (p) => !p.news && `${cap(p.thing)}: a first look`,
    (p) => !p.news && `Introducing ${p.ours}`,
    (p) => !p.news && `Meet ${p.ours}`,
    (p) => !p.news && p.date && `${cap(p.thing)}, arriving ${p.date}`,
  ],
  sections: [
    (p) => ({ heading: `What is new about ${p.ours}`, points: p.news ? [cap(p.news), "What it means for you"] : ["What it is", "What makes it different"] }),
    (p) => ({ heading: `Why we made ${p.it}`, points: ["What we kept hearing", "What we wanted to get right"] }),
    (p) => (p.audience ? { heading: `Who ${p.it} ${p.is} for`, points: [cap(p.audience)] } : null),
    (p) => (p.time || p.place ? { heading: `When and where`, points: [cap(p.time), cap(p.place)].filter(Boolean) } : null),
    (p) => ({ heading: `How to get ${p.it}`, points: ["Where to find it", "What to do first"] }),
    () => ({ heading: "Questions people ask", points: ["The question we hear most", "The one people forget to ask"] }),
    () => ({ heading: "What comes next", points: ["What we are working on", "How to tell us what you think"] }),
  ],
  develop: [
    (p) => `There is more to say about ${p.short} than fits in one post.`,
    (p) => p.time && `We will share more about ${p.topic} as ${p.date} gets closer.`,
    (p) => `If you have a question about ${p.short}, reply and ask us.`,
    (p) => `Tell us what you make of ${p.short}.`,
    needs(["for"], (p) => `We are proud of ${p.short}.`),
    (p) => `Tell the people who would want to hear about ${p.short}.`,
  ],
  image: (p) => `${cap(p.thing)} on a clean, bright table, photographed up close`,
};

const howTo: KindPlan = {
  hooks: [
    (p) => p.task && `Want to ${p.task}? Here is the short version.`,
    (p) => p.doing && `${cap(p.doing)} is easier than it looks.`,
    (p) => p.task && `You can ${p.task} in less time than you think.`,
    needs(["plain"], (p) => `Getting ${p.thing} right is easier than it looks.`),
    needs(["plain"], (p) => `A few things we have learned about ${p.thing}.`),
    needs(["plain"], (p) => `${cap(p.thing)}: what actually works.`),
    (p) => !p.list && `Here is what we wish we had known about ${p.task ? p.doing : p.thing} sooner.`,
    needs(["list"], (p) => `Here are ${p.subject}, and what to do about each.`),
    needs(["list"], (p) => `${cap(p.count)}, and a fix for each.`),
    needs(["list"], (p) => `Here are ${p.count}, from the one we see most to the one people miss.`),
    needs(["list", "audience"], (p) => `For ${p.audience}: ${p.subject}.`),
  ],
  audience: [(p) => p.audience && `Written for ${p.audience}.`, (p) => p.audience && `${cap(p.topic)}, explained for ${p.audience}.`],
  calls: [() => "Save this for later.", () => "Share it with someone who needs it.", () => "Try it this week.", (p) => `Follow ${p.brand} for more like this.`],
  questions: [
    () => "What would you add?",
    (p) => (p.task ? `How do you ${p.task} today?` : !p.list && `What is your best tip for ${p.thing}?`),
    (p) => !p.list && "Which step will you try first?",
    needs(["list"], (p) => `Which of these ${p.countHead} have you seen?`),
    needs(["list"], (p) => `How many of these ${p.countHead} do you recognise?`),
  ],
  titles: [
    (p) => (p.task ? `${cap(p.doing)}, step by step` : p.list ? `${cap(p.subject)}` : `${cap(p.thing)}: a practical guide`),
    (p) => (p.task ? `The simple way to ${p.task}` : p.list ? `${cap(p.count)} worth knowing` : `${cap(p.thing)}, made simple`),
    (p) => (p.task ? `${cap(p.doing)}: what works` : !p.list && `What works for ${p.thing}`),
  ],
  sections: [
    (p) => ({ heading: p.task ? `Why ${p.doing} matters` : p.list ? `Why these ${p.countHead} matter` : `Why ${p.thing} ${p.is === "are" ? "matter" : "matters"}`, points: ["What goes wrong without it", "What changes when it is done well"] }),
    () => ({ heading: "What you need before you start", points: ["The tools", "The time it takes"] }),
    (p) => ({ heading: p.task ? `${cap(p.doing)}, step by step` : p.list ? `The ${p.countHead}, one by one` : `Getting ${p.thing} right, step by step`, points: ["Get ready", "Do the main part", "Check the result"] }),
    () => ({ heading: "Mistakes to avoid", points: ["Doing everything at once", "Skipping the preparation", "Stopping too early"] }),
    () => ({ heading: "How to tell it is working", points: ["The first sign", "What to look at after a month"] }),
    () => ({ heading: "Keeping it going", points: ["A simple routine", "When to look again"] }),
    () => ({ heading: "Questions people ask", points: ["The question we hear most", "The one people forget to ask"] }),
  ],
  develop: [
    (p) => `Take ${p.short} one step at a time.`,
    (p) => `${cap(p.short)} ${p.is === "are" && !p.task ? "get" : "gets"} easier the second time.`,
    (p) => `Give ${p.short} ten quiet minutes before you decide.`,
    (p) => `Write down what you did, so ${p.short} is quicker next time.`,
    (p) => `Nobody gets ${p.short} perfect the first time, and nobody needs to.`,
    (p) => `Once ${p.short} ${p.is === "are" && !p.task ? "are a habit, they get" : "is a habit, it gets"} easy.`,
  ],
  image: (p) => (p.list ? `A simple numbered list of ${p.count}, one line each` : `Hands at work: ${p.task ? p.doing : p.thing}, shown as one clear step`),
};

const event: KindPlan = {
  hooks: [
    (p) => p.time && `Save the date: ${p.ours}${when(p)}.`,
    (p) => p.time && `${cap(p.time)}${p.place ? `, ${p.place}` : ""}: ${p.ours}.`,
    (p) => `You are invited to ${p.ours}${sp(p.time)}.`,
    (p) => p.place && `${cap(p.place.replace(/^(in|at) /, ""))}, this one is for you: ${p.ours}${sp(p.time)}.`,
    (p) => `Come along to ${p.ours}${sp(p.place)}.`,
  ],
  audience: [(p) => p.audience && `${cap(p.ours)} is made for ${p.audience}.`, (p) => p.audience && `No experience needed: ${p.audience} welcome.`],
  calls: [
    () => "Places are limited, so book early.",
    () => "Book your place today.",
    () => "Bring a friend.",
    () => "See you there.",
    (p) => p.date && `Book before ${p.date}.`,
    needs(["imperative"], (p) => /^(register|sign up|book|reserve)\b/i.test(p.imperative) && `Don't wait: ${p.imperative}.`),
  ],
  questions: [() => "Who are you bringing?", (p) => `What would you like to see at ${p.ours}?`, () => "Have you been to one before?"],
  titles: [(p) => `${cap(p.thing)}${p.date ? `, ${p.date}` : ""}`, (p) => `Join ${p.ours}`, (p) => `${cap(p.thing)}: what to expect`],
  sections: [
    (p) => ({ heading: `What to expect at ${p.ours}`, points: ["What happens on the day", "What you will take home"] }),
    (p) => ({ heading: "Who it is for", points: p.audience ? [cap(p.audience)] : [] }),
    (p) => (p.time || p.place ? { heading: "When and where", points: [cap(p.time), cap(p.place)].filter(Boolean) } : null),
    () => ({ heading: "How to book", points: ["How to book a place", "What it costs"] }),
    () => ({ heading: "What to bring", points: ["What to wear", "What we provide"] }),
    () => ({ heading: "Questions people ask", points: ["The question we hear most", "The one people forget to ask"] }),
    () => ({ heading: "After the day", points: ["What happens next", "How to stay in touch"] }),
  ],
  develop: [
    (p) => `${cap(p.ours)} is relaxed: come as you are.`,
    (p) => `Bring your questions to ${p.ours}; that is what it is for.`,
    () => "We will share photos afterwards.",
    (p) => `Places at ${p.ours} go quickly, so book early if you can.`,
    (p) => `We keep ${p.short} friendly and unhurried.`,
  ],
  image: (p) => `People at ${p.ours}${sp(p.place)}, mid-activity, warm light`,
};

const offer: KindPlan = {
  hooks: [
    (p) => p.date && `${cap(p.time)} only: ${p.subject}.`,
    (p) => p.audience && `Good news for ${p.audience}: ${p.subject}.`,
    (p) => `${cap(p.subject)}. Yes, really.`,
    (p) => `Here is a deal worth knowing about: ${p.subject}.`,
  ],
  audience: [(p) => p.audience && p.product && `${cap(p.product)}, for ${p.audience} who want a little more.`],
  calls: [(p) => p.date && `Offer ends ${p.date}.`, (p) => p.date && !/^(this|next)\b/i.test(p.date) && `Get yours before ${p.date}.`, () => "Grab it while it lasts.", () => "Don't miss it.", (p) => `Shop now at ${p.brand}.`],
  questions: [() => "Who would you pass this on to?", (p) => p.product && p.product.split(" ").length <= 3 && `What would you choose first: ${p.product}, or something new?`],
  titles: [(p) => cap(p.subject), (p) => `${cap(p.subject)}${p.date ? ` (ends ${p.date})` : ""}`, (p) => p.product && `A deal on ${p.product}`],
  sections: [
    (p) => ({ heading: "What is on offer", points: [cap(p.subject)] }),
    (p) => ({ heading: p.product ? `Why ${p.product}` : "Why now", points: ["What people like about it"] }),
    () => ({ heading: "How to claim it", points: ["Where to claim it", "Anything to know first"] }),
    (p) => (p.date ? { heading: "Until when", points: [`Ends ${p.date}`] } : null),
    () => ({ heading: "The small print", points: ["Who can use it", "What it does not cover"] }),
    () => ({ heading: "Questions people ask", points: ["The question we hear most", "The one people forget to ask"] }),
    () => ({ heading: "What else is new", points: ["Other things worth a look"] }),
  ],
  develop: [
    (p) => `${cap(p.subject)} is our way of saying thank you.`,
    (p) => `${cap(p.subject)} is a simple way to try something new from us.`,
    (p) => `Tell a friend about ${p.subject} before it ends.`,
    (p) => `If you have been waiting for the right moment, ${p.subject} is it.`,
  ],
  image: (p) => `${cap(p.product || p.thing)} with a bold, simple price tag`,
};

const seasonalSale: KindPlan = {
  ...offer,
  hooks: [
    (p) => p.occasion && `Our ${p.occasion} sale is here: ${p.subject}.`,
    (p) => p.occasion && `This ${p.occasion}: ${p.subject}.`,
    (p) => p.occasion && `${cap(p.occasion)} starts early with us: ${p.subject}.`,
    (p) => p.occasion && `${cap(p.subject)}, just for ${p.occasion}.`,
    (p) => p.date && `${cap(p.time)} only: ${p.subject}.`,
  ],
  titles: [(p) => (p.occasion ? `${cap(p.occasion)} sale: ${p.subject}` : cap(p.subject)), (p) => `${cap(p.subject)}${p.date ? ` (ends ${p.date})` : ""}`, (p) => p.product && `${cap(p.occasion)} deals on ${p.product}`],
  image: (p) => `${cap(p.product || p.thing)} styled for ${p.occasion || "the season"}, with a simple sale banner`,
};

const opinion: KindPlan = {
  hooks: [
    (p) => /^we\b/i.test(p.claim) && `${cap(p.claim)}, and we would do it again.`,
    // A claim is a clause ("painted bike lanes are not enough"); "the case against X" names only X.
    (p) => p.claim && p.claim.split(" ").length > 3 && `${cap(p.claim)}. Here is why.`,
    (p) => `Let us talk about ${p.subject}.`,
    (p) => `We have strong views on ${p.subject}.`,
    (p) => `People ask us about ${p.subject} a lot.`,
  ],
  audience: [
    needs(["for", "audience"], (p) => !p.question && `Here is why ${p.subject} ${p.is === "are" ? "matter" : "matters"} to ${p.audience}.`),
    needs(["against", "audience"], (p) => `Here is what it means for ${p.audience}.`),
  ],
  calls: [() => "Agree or disagree? Tell us below.", () => "We would love to hear your view.", (p) => `Read more on the ${p.brand} blog.`],
  questions: [
    (p) => `Where do you stand on ${p.subject}?`,
    () => "Would you do the same?",
    () => "What would you have done?",
    needs(["against"], (p) => (p.ourAct ? `Would you ${p.ourAct} too?` : `Have you seen the problem with ${p.subject} yourself?`)),
  ],
  titles: [(p) => (/^we\b/i.test(p.claim) ? `Why ${p.claim}` : `Our view on ${p.subject}`), (p) => `What we think about ${p.subject}`, (p) => `${cap(p.subject)}: where we stand`],
  sections: [
    () => ({ heading: "Where we stand", points: ["What we believe", "What we are not saying"] }),
    (p) => ({ heading: `How our view of ${p.thing} changed`, points: ["What we used to think", "The moment it changed"] }),
    () => ({ heading: "What the evidence says", points: ["The numbers", "What we saw ourselves"] }),
    () => ({ heading: "What it costs us, and you", points: ["The cost to us", "The cost to you"] }),
    () => ({ heading: "The strongest argument against", points: ["The best case for the other side", "Why we still disagree"] }),
    () => ({ heading: "What we are asking of you", points: ["One thing you can do"] }),
    () => ({ heading: "Where this goes next", points: ["What we will do next"] }),
  ],
  develop: [
    (p) => `We know not everyone will agree with us on ${p.subject}.`,
    (p) => `We did not come to this view on ${p.subject} quickly.`,
    (p) => `We would rather be honest about ${p.subject} than popular.`,
    (p) => `Tell us where you think we are wrong about ${p.subject}.`,
    (p) => `Our view on ${p.subject} may change as we learn more, and we will say so.`,
  ],
  image: (p) => `A simple, honest photo of ${p.thing}, with space for one bold line of text`,
};

const story: KindPlan = {
  hooks: [
    (p) => `Let us tell you about ${p.subject}.`,
    (p) => `A look back at ${p.subject}.`,
    (p) => !/,|^how\b/i.test(p.subject) && `Some stories are worth telling twice. ${cap(p.subject)} is one of them.`,
    (p) => !/^how\b/i.test(p.subject) && `This is the story behind ${p.subject}.`,
    (p) => /^how\b/i.test(p.subject) && `We still talk about ${p.subject}.`,
  ],
  audience: [(p) => p.audience && `${cap(p.audience)} asked us about ${p.subject}, so here it is.`],
  calls: [() => "Read the full story on our blog.", () => "Follow along for the next chapter.", (p) => `More stories from ${p.brand} soon.`],
  questions: [() => "What would you like to hear about next?", (p) => `What surprised you most about ${p.subject}?`],
  titles: [(p) => `The story of ${p.subject}`, (p) => `${cap(p.thing)}: how it happened`, (p) => `Behind ${p.subject}`],
  sections: [
    () => ({ heading: "Where it started", points: ["The first day", "Who was there"] }),
    () => ({ heading: "What happened", points: ["The turning point", "What we did next"] }),
    () => ({ heading: "The people behind it", points: ["Who made it happen"] }),
    () => ({ heading: "What we learned", points: ["The lesson we keep coming back to"] }),
    () => ({ heading: "What surprised us", points: ["What we did not expect"] }),
    () => ({ heading: "What it changed for us", points: ["What is different now"] }),
    () => ({ heading: "What comes next", points: ["What we are working on", "How to tell us what you think"] }),
  ],
  develop: [
    (p) => `We still think about ${p.short} often.`,
    (p) => `${cap(p.short)} shaped how we work today.`,
    (p) => `Looking back, we would do some of ${p.subject} differently.`,
    (p) => `The people behind ${p.subject} deserve most of the credit.`,
    (p) => `We wrote ${p.subject} down so we would not forget it.`,
  ],
  image: (p) => `A candid, documentary-style photo from ${p.subject}`,
};

const hiring: KindPlan = {
  hooks: [
    (p) => `We are looking for ${p.subject}${sp(p.place)}.`,
    needs(["singular"], (p) => `Could you be our next ${p.thing}?`),
    needs(["plural", "count"], (p) => `Could you be one of the ${p.thing} we need?`),
    needs(["plural"], (p) => !p.count && `Could you be one of our new ${p.thing}?`),
    (p) => p.is === "is" && /^(a|an)\b/i.test(p.subject) && `Know ${p.subject}? We are hiring${sp(p.place)}.`,
    (p) => p.place && `${cap(p.place.replace(/^(in|at) /, ""))}: we have a job for ${p.subject}.`,
    (p) => `${p.plural ? "New roles" : "A new role"} at ${p.brand}: ${p.thing}${sp(p.place)}.`,
  ],
  audience: [() => "You would join a small team that cares."],
  calls: [() => "Apply through the link in our bio.", () => "Know someone? Share this post.", () => "Send us your CV and a short note."],
  questions: [() => "Who do you know who would be great?", (p) => `What would you want from your next job as ${article(p.role)} ${p.role}?`],
  titles: [(p) => `We're hiring: ${p.thing}${sp(p.place)}`, (p) => `Join ${p.brand} as ${article(p.role)} ${p.role}`, (p) => `${cap(p.thing)} wanted${sp(p.place)}`],
  sections: [
    (p) => ({ heading: "The role", points: [cap(p.thing), "What a normal week looks like"] }),
    () => ({ heading: "Who you are", points: ["The experience that helps", "What matters more than experience"] }),
    (p) => ({ heading: `Working at ${p.brand}`, points: ["The team", "How we work"] }),
    () => ({ heading: "What we offer", points: ["Pay and hours", "What else comes with it"] }),
    (p) => (p.place ? { heading: "Where you will work", points: [cap(p.place.replace(/^(in|at) /, ""))] } : null),
    () => ({ heading: "How to apply", points: ["What to send", "What happens next"] }),
    () => ({ heading: "Questions people ask", points: ["The question we hear most", "The one people forget to ask"] }),
  ],
  develop: [
    (p) => `The right ${p.role} will care about the work as much as we do.`,
    (p) => `We would rather hear from ${article(p.role)} ${p.role} with promise than wait for a perfect CV.`,
    (p) => `If the ${p.role} role sounds like you, we would love to talk.`,
    (p) => `You do not need to tick every box to apply as ${article(p.role)} ${p.role}.`,
    (p) => `The ${p.role} role has room to grow.`,
  ],
  image: (p) => `The team at work${sp(p.place)}, with room for the words “We're hiring”`,
};

/** Lines any kind can fall back on once its own are used (a campaign writes many pieces from one brief). */
const common: Pick<KindPlan, "hooks" | "calls" | "questions"> = {
  hooks: [
    (p) => `News from ${p.brand}: ${p.subject}.`,
    (p) => `A quick word about ${p.subject}.`,
    (p) => `${cap(p.subject)}: here are the details.`,
    (p) => `All about ${p.subject}, in a minute.`,
    (p) => `Talking today about ${p.subject}.`,
  ],
  calls: [(p) => `Find out more at ${p.brand}.`, () => "Questions? Ask us below.", () => "Pass it on.", (p) => `More from ${p.brand} soon.`],
  questions: [() => "What do you think?", (p) => `What would you ask us about ${p.subject}?`],
};

const withCommon = (plan: KindPlan): KindPlan => ({
  ...plan,
  hooks: [...plan.hooks, ...common.hooks],
  calls: [...plan.calls, ...common.calls],
  questions: [...plan.questions, ...common.questions],
});

export const PLANS: Record<BriefKind, KindPlan> = {
  announcement: withCommon(announcement),
  "how-to": withCommon(howTo),
  opinion: withCommon(opinion),
  event: withCommon(event),
  offer: withCommon(offer),
  story: withCommon(story),
  hiring: withCommon(hiring),
  "seasonal-sale": withCommon(seasonalSale),
};

/** How many of a role's lines are the kind's own (tried first) before the common ones. */
export const OWN_LINES = (kind: BriefKind, role: "hooks" | "calls" | "questions") => PLANS[kind][role].length - common[role].length;
