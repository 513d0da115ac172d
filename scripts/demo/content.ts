import type { DocumentStatus } from "../../core/enums";

/** The demo brand: a small coffee roaster, with words a real one might write. */
export const DEMO_BRAND = {
  name: "Fernhill Coffee",
  colors: [
    { name: "Fernhill green", value: "#2E5E4E" },
    { name: "Crema", value: "#F3E6D0" },
    { name: "Dark roast", value: "#3B2A22" },
    { name: "Cherry", value: "#C2452D" },
    { name: "Morning", value: "linear-gradient(135deg, #F3E6D0, #C2452D)" },
  ],
  fonts: { title: "Playfair Display", subtitle: "DM Sans", body: "Inter" },
  notes: {
    general: "Warm, plain-spoken and curious. We talk like the person behind the counter who loves coffee but never lectures. Short sentences, concrete detail, a little dry humour.",
    product_or_service_description:
      "Small-batch specialty coffee roasted weekly in Bristol: single origins, two house blends and a decaf, sold by subscription, in our two cafés and to about forty wholesale partners.",
    company_info: "Fernhill Coffee was founded in 2016 by Dana Demo in a railway arch in Bristol. Twelve people. We buy directly from six farms and publish what we pay for every lot.",
    avoid_list: "bold, artisanal, world-class, game-changer, cuppa",
    keywords: "specialty coffee, single origin, coffee subscription, freshly roasted, direct trade",
    audience: "Home brewers aged 25 to 45 who already own a grinder and want to know where their coffee comes from; independent cafés looking for a wholesale roaster.",
  },
  houseStyle: {
    tone: "Friendly and specific; show, don't hype",
    reading_level: "standard",
    prefer_words: ["roasted", "cup", "farm", "fresh"],
    avoid_words: ["bold", "artisanal", "premium"],
    formatting: "Sentence-case headings. British spelling. Prices in pounds with the £ sign. Keep paragraphs under four sentences.",
  },
} as const;

/** The brand's logo: a fern leaf in a roundel. */
export const DEMO_LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">
<circle cx="120" cy="120" r="112" fill="#2E5E4E"/>
<circle cx="120" cy="120" r="96" fill="none" stroke="#F3E6D0" stroke-width="4"/>
<path d="M120 190 C118 150 118 110 122 60" stroke="#F3E6D0" stroke-width="6" fill="none" stroke-linecap="round"/>
<g fill="#F3E6D0">
<ellipse cx="102" cy="150" rx="18" ry="7" transform="rotate(-25 102 150)"/><ellipse cx="139" cy="146" rx="18" ry="7" transform="rotate(25 139 146)"/>
<ellipse cx="104" cy="122" rx="16" ry="6" transform="rotate(-25 104 122)"/><ellipse cx="138" cy="118" rx="16" ry="6" transform="rotate(25 138 118)"/>
<ellipse cx="107" cy="95" rx="13" ry="5" transform="rotate(-25 107 95)"/><ellipse cx="136" cy="92" rx="13" ry="5" transform="rotate(25 136 92)"/>
</g>
</svg>`;

/** A picture for the documents: coffee cherries on a branch. */
export const DEMO_PHOTO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="400" viewBox="0 0 960 400">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#F3E6D0"/><stop offset="1" stop-color="#E7D3B0"/></linearGradient></defs>
<rect width="960" height="400" fill="url(#sky)"/>
<path d="M0 260 C240 200 520 320 960 240" stroke="#3B2A22" stroke-width="14" fill="none"/>
<g fill="#2E5E4E"><ellipse cx="200" cy="200" rx="70" ry="26" transform="rotate(-20 200 200)"/><ellipse cx="520" cy="300" rx="80" ry="28" transform="rotate(15 520 300)"/><ellipse cx="780" cy="210" rx="70" ry="24" transform="rotate(-10 780 210)"/></g>
<g fill="#C2452D"><circle cx="300" cy="250" r="18"/><circle cx="330" cy="262" r="18"/><circle cx="316" cy="232" r="16"/><circle cx="640" cy="270" r="18"/><circle cx="668" cy="256" r="17"/><circle cx="652" cy="290" r="16"/></g>
</svg>`;

/** A file for the brain: the roaster's notes on this season's coffees. */
export const DEMO_ROAST_NOTES = `# Roast notes, autumn

## Ethiopia Guji, natural
Light roast, first crack at 9:40, dropped at 10:55. Peach, jasmine, a little bergamot. Best as pour-over.

## Colombia Huila, washed
Medium roast. Red apple, caramel, milk chocolate. Our espresso blend base this season.

## House decaf (Sugar cane process)
Medium-dark. Brown sugar and cocoa. Nobody guesses it is decaf.
`;

export interface DemoDoc {
  key: string;
  title: string;
  folder: "Brand" | "Marketing" | "Operations" | null;
  status: DocumentStatus;
  author?: "member";
  private?: boolean;
  /** Adds a table of contents, a photo from the uploads, a toggle and a code block. */
  rich?: boolean;
  markdown: string;
}

/** A dozen documents, in three folders and at the top level, in every status. */
/** A line with a word the brand avoids ("bold"): the demo's AI revision takes it out, as a suggestion. */
export const DEMO_REVISED_LINE = "Every post this month points back to the Guji, our bold new single origin.";

export const DEMO_DOCS: DemoDoc[] = [
  {
    key: "guidelines",
    title: "Fernhill brand guidelines",
    folder: "Brand",
    status: "approved",
    rich: true,
    markdown: `## Who we are
Fernhill roasts small batches of specialty coffee every Tuesday and Friday in Bristol. We buy directly from six farms and we publish what we pay.

## Our voice
We write like we talk at the counter: warm, plain and specific. We describe the cup (peach, caramel, cocoa), never the hype.

## Colours
| Name | Hex | Use |
| --- | --- | --- |
| Fernhill green | #2E5E4E | Logo, headings, buttons |
| Crema | #F3E6D0 | Backgrounds |
| Dark roast | #3B2A22 | Body text |
| Cherry | #C2452D | One accent per page |

## Type
Headings in Playfair Display, subheads in DM Sans, body in Inter.

## Photography
Real farms, real people, real cups. Daylight, no filters.`,
  },
  {
    key: "story",
    title: "Our story: from a railway arch to forty cafés",
    folder: "Brand",
    status: "approved",
    markdown: `In 2016 Dana Demo rented a railway arch in Bristol, bought a second-hand 5 kg roaster and started selling coffee at the Saturday market.

## Direct from the farm
We buy from six farms in Ethiopia, Colombia and Guatemala, and we publish the price we pay for every lot, because you should know.

## Roasted this week
Everything we sell was roasted in the last seven days. We roast on Tuesdays and Fridays and post the same day.

## Come and see
Tours of the roastery run on the first Saturday of every month. The coffee is on us.`,
  },
  {
    key: "launchPlan",
    title: "Autumn harvest launch plan",
    folder: "Marketing",
    status: "in_review",
    markdown: `## Goal
Sell out the first 200 bags of the Ethiopia Guji within three weeks.

## Timeline
| Week | What | Who |
| --- | --- | --- |
| 1 | Teaser posts, subscriber email | Maya |
| 2 | Launch day in both cafés, tasting flights | Dana |
| 3 | Wholesale samples to partner cafés | Maya |

## Budget
£1,200: tasting events £500, photography £400, sampling £300.

## To do
- [ ] Book the photographer for launch day
- [ ] Order tasting-flight glasses for both cafés
- [ ] Draft the teaser posts`,
  },
  {
    key: "newsletter",
    title: "October newsletter (draft)",
    folder: "Marketing",
    status: "draft",
    author: "member",
    private: true,
    markdown: `Hello from the roastery,

The Guji has landed: peach, jasmine and a finish like bergamot tea. It is roasted light and it is the best coffee we have bought in years.

- Tasting flights in both cafés on launch Saturday
- Subscribers get it first, from Tuesday
- Our decaf is back`,
  },
  {
    key: "socialCalendar",
    title: "Social calendar: October",
    folder: "Marketing",
    // It reaches `suggestions` by itself: the demo asks the AI writer to revise its first line.
    status: "draft",
    markdown: `${DEMO_REVISED_LINE}

| Date | Channel | Post |
| --- | --- | --- |
| 3 Oct | Instagram | Green beans arriving at the arch |
| 7 Oct | LinkedIn | Why we publish what we pay |
| 10 Oct | Instagram | First roast of the Guji, reel |
| 14 Oct | Instagram | Launch day photos |`,
  },
  {
    key: "pricing",
    title: "Wholesale price list 2026",
    folder: "Operations",
    status: "reviewed",
    private: true,
    markdown: `Prices per kilo, before VAT, for orders of 5 kg or more.

| Coffee | Per kg | 20 kg+ |
| --- | --- | --- |
| House espresso | £21.50 | £19.80 |
| Filter blend | £22.00 | £20.20 |
| Single origin (rotating) | £27.00 | £25.00 |
| Decaf | £23.50 | £21.50 |

Delivery is free within Bristol on Tuesdays and Fridays.`,
  },
  {
    key: "wholesale",
    title: "Wholesale partner guide",
    folder: "Operations",
    status: "approved",
    markdown: `## Ordering
Order by Sunday night for Tuesday's roast, by Wednesday night for Friday's.

## Equipment
We lend a grinder to every partner that buys more than 10 kg a week, and service it twice a year.

## Training
Two free barista sessions at the arch for every new partner.`,
  },
  {
    key: "onboarding",
    title: "First week at Fernhill",
    folder: "Operations",
    status: "approved",
    markdown: `## Day one
Coffee with Dana, a tour of the arch and your first cupping.

## Your first week
1. Shadow a roast on Tuesday
2. Work a shift in the Stokes Croft café
3. Pack and post Friday's subscription orders

## Who to ask
Roasting: Dana. Orders and wholesale: Maya. Anything else: whoever is nearest the kettle.`,
  },
  {
    key: "cuppingNotes",
    title: "Cupping notes: Colombian samples",
    folder: "Operations",
    status: "in_review",
    author: "member",
    markdown: `| Lot | Score | Notes |
| --- | --- | --- |
| Huila, La Esperanza | 86.5 | Red apple, caramel, silky |
| Nariño, El Mirador | 85.0 | Orange, panela, bright |
| Cauca, Los Naranjos | 84.25 | Cocoa, almond, heavy body |

We should buy La Esperanza for the espresso blend.`,
  },
  {
    key: "launchBrief",
    title: "Product launch brief",
    folder: null,
    status: "draft",
    markdown: `## The coffee
Origin, process, roast level and three tasting notes.

## Who it is for
One sentence about the drinker.

## Where it will be sold
Subscription, cafés, wholesale, online shop.

## What we will say
The one thing we want people to remember.`,
  },
  {
    key: "meetingNotes",
    title: "Meeting notes",
    folder: null,
    status: "draft",
    markdown: `**Date:**

**Present:**

## Decisions

## Actions
- [ ] Who, what, by when`,
  },
  {
    key: "oldMenu",
    title: "Summer menu 2025",
    folder: "Marketing",
    status: "approved",
    markdown: `Cold brew £3.20, iced latte £3.60, espresso tonic £3.80. Replaced by the autumn menu.`,
  },
];
