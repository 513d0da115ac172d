import type { BuiltInTemplate } from "./types";

/** How the team works: meetings, plans, sales support and onboarding. */
export const TEAM_TEMPLATES: BuiltInTemplate[] = [
  {
    key: "meeting-notes",
    title: "Meeting notes",
    description: "Agenda, decisions and action items, with owners and dates.",
    category: "meeting-templates",
    markdown: `# Meeting notes — Topic

- **Date:**
- **Attendees:**
- **Facilitator:**

## Agenda

1.
2.
3.

## Notes

-

## Decisions

-

## Action items

- [ ] Action — owner — due date
- [ ] Action — owner — due date

## Next meeting

Date and what we will pick up.
`,
  },
  {
    key: "retrospective",
    title: "Campaign retrospective",
    description: "What worked, what did not and what the team will change next time.",
    category: "meeting-templates",
    markdown: `# Retrospective: Campaign or project

- **Period:**
- **Team:**

## Results against goals

| Goal | Target | Actual |
| --- | --- | --- |
| | | |

## What went well

-

## What did not go well

-

## What we learned

-

## What we will change

- [ ] Change — owner
- [ ] Change — owner
`,
  },
  {
    key: "quarterly-marketing-plan",
    title: "Quarterly marketing plan",
    description: "Objectives and key results, priorities and budget for the quarter.",
    category: "planning-templates",
    markdown: `# Marketing plan — Quarter

## Where we are

Three bullet points on last quarter's results and what we learned.

-
-
-

## Objectives and key results

### Objective 1:

- **KR 1:**
- **KR 2:**
- **KR 3:**

### Objective 2:

- **KR 1:**
- **KR 2:**

## Priorities

| Initiative | Objective | Owner | Due |
| --- | --- | --- | --- |
| | | | |

## Not doing this quarter

What we are deliberately leaving out, so the team can say no.

## Budget

| Area | Budget | Notes |
| --- | --- | --- |
| Paid media | | |
| Content and design | | |
| Events | | |
| Tools | | |
`,
  },
  {
    key: "sales-one-pager",
    title: "Sales one-pager",
    description: "The problem, the solution and the proof, for sales to send after a call.",
    category: "sales-templates",
    markdown: `# Product: one-pager

## The problem

What the prospect struggles with, in their words.

## The solution

What the product does about it, in three short sentences.

## How it works

1. **Step one:**
2. **Step two:**
3. **Step three:**

## Why teams choose us

- **Benefit:** proof point
- **Benefit:** proof point
- **Benefit:** proof point

> "A short customer quote with a result," — Name, Title at Customer

## Pricing

Plans and where to see them.

## Next step

Book a demo or start a trial: link.
`,
  },
  {
    key: "marketing-onboarding",
    title: "Marketing team onboarding",
    description: "A new marketer's first 30 days: accounts, people and first wins.",
    category: "hr-templates",
    markdown: `# Welcome to the marketing team, Name

- **Start date:**
- **Manager:**
- **Onboarding buddy:**

## Before day one

- [ ] Laptop and accounts ready
- [ ] Added to the team's groups and calendars
- [ ] Welcome message posted

## Week 1: learn

- [ ] Read the brand guidelines
- [ ] Meet the team (one-on-ones)
- [ ] Walk through the current quarter's plan
- [ ] Shadow a campaign review

## Weeks 2–3: contribute

- [ ] Own one piece of content end to end
- [ ] Join a customer call
- [ ] Review last quarter's results with your manager

## Week 4: own

- [ ] Agree your goals for the quarter
- [ ] Share what you have learned and what you would change

## People to know

| Name | Role | Ask them about |
| --- | --- | --- |
| | | |
`,
  },
];
