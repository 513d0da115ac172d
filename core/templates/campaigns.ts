import type { BuiltInTemplate } from "./types";

/** Planning the work: launches, campaigns, channels and the calendar that ties them together. */
export const CAMPAIGN_TEMPLATES: BuiltInTemplate[] = [
  {
    key: "product-launch-brief",
    title: "Product launch brief",
    description: "Everything a launch team needs on one page, from positioning to launch day.",
    category: "marketing-templates",
    markdown: `# Product launch brief: Product name

| | |
| --- | --- |
| **Launch date** | |
| **Owner** | |
| **Tier** | 1 (major) · 2 (feature) · 3 (improvement) |
| **Status** | Planning |

## What we are launching

Two sentences a customer would understand. What it is and what it lets them do.

## Who it is for

The primary audience, their problem and how they solve it today.

## Positioning

- **Key message:** the one thing people should remember
- **Proof points:** three facts that make the message believable
- **Differentiator:** why us rather than the alternative

## Goals

| Goal | Metric | Target |
| --- | --- | --- |
| Awareness | Launch post views | |
| Adoption | Accounts using it in 30 days | |
| Revenue | Pipeline influenced | |

## Channels and assets

- [ ] Blog post
- [ ] Email to customers
- [ ] Social posts (LinkedIn, X, Instagram)
- [ ] Product page and screenshots
- [ ] Sales one-pager and demo script
- [ ] Help centre article

## Timeline

| When | What | Who |
| --- | --- | --- |
| T-4 weeks | Brief approved | |
| T-2 weeks | Assets in review | |
| T-1 week | Sales and support briefed | |
| Launch day | Publish and announce | |
| T+2 weeks | Results review | |

## Risks and open questions

-
`,
  },
  {
    key: "campaign-brief",
    title: "Campaign brief",
    description: "Objective, audience, message and budget for a multi-channel campaign.",
    category: "marketing-templates",
    markdown: `# Campaign brief: Campaign name

## Background

What is happening in the market or the business that makes this campaign worth running now?

## Objective

One measurable objective, e.g. *500 qualified sign-ups from mid-sized agencies by the end of the quarter*.

## Audience

- **Who:** role, company type, region
- **What they want:**
- **What stops them:**

## Single-minded message

The one sentence we want the audience to believe after seeing the campaign.

## Reasons to believe

1.
2.
3.

## Channels

| Channel | Format | Budget | Owner |
| --- | --- | --- | --- |
| LinkedIn | Sponsored posts | | |
| Email | Three-part sequence | | |
| Blog / SEO | Pillar article | | |

## Mandatories

Logo, legal lines, offer terms and anything else that must appear.

## Budget and timing

- **Budget:**
- **Live from / to:**
- **Reporting:** weekly, in the campaign channel

## Approvals

- [ ] Marketing lead
- [ ] Brand
- [ ] Legal (if there is an offer)
`,
  },
  {
    key: "content-calendar",
    title: "Content calendar",
    description: "A month of content by week, channel and owner.",
    category: "marketing-templates",
    markdown: `# Content calendar — Month

- **Theme of the month:**
- **Campaigns running:**

## Week 1

| Day | Channel | Topic | Format | Owner | Status |
| --- | --- | --- | --- | --- | --- |
| Mon | Blog | | Article | | Draft |
| Wed | LinkedIn | | Carousel | | Idea |
| Fri | Email | | Newsletter | | Idea |

## Week 2

| Day | Channel | Topic | Format | Owner | Status |
| --- | --- | --- | --- | --- | --- |
| Mon | | | | | |
| Wed | | | | | |
| Fri | | | | | |

## Week 3

| Day | Channel | Topic | Format | Owner | Status |
| --- | --- | --- | --- | --- | --- |
| Mon | | | | | |
| Wed | | | | | |
| Fri | | | | | |

## Week 4

| Day | Channel | Topic | Format | Owner | Status |
| --- | --- | --- | --- | --- | --- |
| Mon | | | | | |
| Wed | | | | | |
| Fri | | | | | |

## Key dates

- Holidays, industry events and launches to plan around

## Ideas backlog

-
`,
  },
  {
    key: "social-media-plan",
    title: "Social media plan",
    description: "Goals, channels, content pillars and a posting rhythm.",
    category: "marketing-templates",
    markdown: `# Social media plan

## Goals

| Goal | Metric | Target this quarter |
| --- | --- | --- |
| Grow the audience | Followers | |
| Start conversations | Engagement rate | |
| Drive traffic | Link clicks | |

## Audience

Who we want to reach on each network, and what they come there for.

## Channels

| Network | Why we are there | Posts per week | Owner |
| --- | --- | --- | --- |
| LinkedIn | | | |
| Instagram | | | |
| X | | | |
| TikTok | | | |

## Content pillars

1. **Educate:** tips and how-tos from our expertise
2. **Inspire:** customer stories and behind the scenes
3. **Promote:** launches and offers (no more than one post in five)

## Tone on social

How our brand voice adapts here: shorter, warmer, more questions.

## Engagement rules

- Reply to comments within one working day
- Escalate complaints to support within the hour
- Never argue in public; move it to a private message

## Reporting

Monthly review of what worked, what did not and what we will try next.
`,
  },
];
