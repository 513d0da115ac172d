import type { BuiltInTemplate } from "./types";

/** Long-form content: posts, announcements, stories and the rules they follow. */
export const WRITING_TEMPLATES: BuiltInTemplate[] = [
  {
    key: "blog-post",
    title: "Blog post",
    description: "An outline that gets from a search query to a reader who acts.",
    category: "marketing-templates",
    markdown: `# Working title

- **Target keyword:** the phrase a reader types into search
- **Audience:** who this is for and what they already know
- **Goal:** what a reader should do after reading (sign up, book a demo, share)

## Hook

Open with the problem in the reader's own words. One or two sentences: a surprising number, a familiar frustration or a short story.

## Why it matters

Explain what it costs the reader to leave the problem unsolved. Use one concrete example.

## The main points

### 1. First idea

Make the point, back it with evidence (data, a quote, a screenshot) and say what to do about it.

### 2. Second idea

Same shape: point, proof, action.

### 3. Third idea

Same shape: point, proof, action.

## Wrap-up

Sum up in three sentences and repeat the single most useful takeaway.

## Call to action

One clear next step, with the link.

---

- [ ] Title under 60 characters, keyword near the start
- [ ] Meta description under 160 characters
- [ ] One H1, descriptive H2s
- [ ] Links to two related posts and one external source
- [ ] Images have alt text
- [ ] Read aloud once for tone of voice
`,
  },
  {
    key: "press-release",
    title: "Press release",
    description: "The inverted pyramid: news first, quotes and details after.",
    category: "marketing-templates",
    markdown: `# Headline: who did what, in under 12 words

*Subheadline: the single most important detail or benefit.*

**CITY, Date** — The first paragraph answers who, what, when, where and why in two or three sentences. A journalist who reads only this paragraph should have the story.

The second paragraph adds the context: why this matters now, for whom, and what changes for them.

> "A quote from a spokesperson that adds a point of view, not a repeat of the facts," said Name, Title at Company.

The third paragraph gives the supporting details: numbers, availability, pricing, partners.

> "A second quote, from a customer or partner, that shows the impact," said Name, Title at Partner.

## Availability

Where and when people can get it, and how much it costs.

## About Company

Two or three sentences of boilerplate: what the company does, for whom, since when, and where to learn more.

## Media contact

Name · email@example.com · +1 555 0100

*Ends.*
`,
  },
  {
    key: "newsletter",
    title: "Newsletter",
    description: "A recurring email with one story up front and quick hits below.",
    category: "marketing-templates",
    markdown: `# Newsletter — Issue #

- **Subject line:** (under 50 characters; test two)
- **Preview text:** (the line after the subject in the inbox)
- **Send date:**
- **Segment:**

## The big story

One headline story: what happened, why the reader should care and a single link to read more.

## Quick hits

- **Update one:** one sentence and a link
- **Update two:** one sentence and a link
- **Update three:** one sentence and a link

## From the community

A customer story, a quote or a question a reader sent in.

## What's coming

Dates, events or launches the reader can put in their calendar.

---

**Call to action:** the one thing we want readers to click.

- [ ] Links checked
- [ ] Renders on mobile and in dark mode
- [ ] Unsubscribe link and postal address in the footer
`,
  },
  {
    key: "case-study",
    title: "Case study",
    description: "Challenge, solution, results: a customer story with numbers.",
    category: "marketing-templates",
    markdown: `# How Customer achieved result with Product

| | |
| --- | --- |
| **Customer** | Name, industry, size |
| **Challenge** | One line |
| **Result** | The headline number |

## The challenge

What the customer was trying to do, what stood in the way and what it cost them. Quote the customer if you can.

## Why they chose us

The alternatives they considered and what tipped the decision.

## The solution

How they rolled it out: who was involved, how long it took, which features mattered most.

## The results

- **Metric one:** before → after
- **Metric two:** before → after
- **Metric three:** before → after

> "The quote that sums up the change," — Name, Title at Customer

## What's next

How the customer plans to grow with us.

---

- [ ] Customer approved the text and the numbers
- [ ] Logo permission on file
`,
  },
  {
    key: "brand-guidelines",
    title: "Brand guidelines",
    description: "Voice, tone, words to use and avoid, and how the brand looks.",
    category: "marketing-templates",
    markdown: `# Brand guidelines

## Who we are

- **Mission:** why we exist, in one sentence.
- **Positioning:** for (audience) who (need), we are the (category) that (key benefit), unlike (alternative).

## Voice

Our voice stays the same everywhere. We are:

| We are | We are not |
| --- | --- |
| Confident | Arrogant |
| Friendly | Overfamiliar |
| Clear | Simplistic |

## Tone

Tone changes with the moment:

- **Celebrating:** warm and upbeat
- **Explaining:** plain and patient
- **Apologising:** direct and human, no jargon

## Words

- **Use:** the words customers use for their problems
- **Avoid:** buzzwords, internal code names, "synergy", "leverage"
- **Spelling and style:** product names, capitalisation, dates, numbers

## Visual identity

- **Logo:** clear space, minimum size, what not to do
- **Colours:** primary, secondary and accessible text pairings
- **Type:** headings and body typefaces and sizes
- **Imagery:** real people, natural light, no generic stock

## Examples

Paste two pieces of content that get it right, and say why.
`,
  },
];
