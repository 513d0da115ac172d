import type { LoginStep } from "./steps";

export interface Testimonial {
  quote: string;
  name: string;
  jobTitle: string;
  company: string;
  /** Hue of the generated portrait's gradient. */
  hue: number;
}

const people = {
  priya: {
    name: "Priya Raman",
    jobTitle: "Head of Content",
    company: "Northwind Outdoor",
    hue: 262,
    quote:
      "We plan a whole multi-channel campaign in an afternoon now. Every blog post, social post and email sounds like us, not like a template.",
  },
  marcus: {
    name: "Marcus Feld",
    jobTitle: "Growth Marketer",
    company: "Ledgerly",
    hue: 196,
    quote:
      "Our nurture email sequences used to take a week of back-and-forth. With our brand kit loaded, the first draft is already on voice.",
  },
  sofia: {
    name: "Sofia Alvarez",
    jobTitle: "Founder",
    company: "Casa Verde Studio",
    hue: 150,
    quote:
      "I'm a team of one. Brandwork turns one blog post into a week of social posts, and I still recognise my own voice in every one.",
  },
  jonas: {
    name: "Jonas Becker",
    jobTitle: "Marketing Director",
    company: "Helix Robotics",
    hue: 24,
    quote:
      "Reviews, approvals and the brand handbook live next to the content. Nobody asks which version is final anymore.",
  },
  amara: {
    name: "Amara Okafor",
    jobTitle: "Social Media Lead",
    company: "Brightline Health",
    hue: 330,
    quote:
      "Scheduling posts across channels from the same document our legal team reviewed is the part I'd never give back.",
  },
  wei: {
    name: "Wei Zhang",
    jobTitle: "Agency Partner",
    company: "Paper Lantern Co.",
    hue: 48,
    quote:
      "Each client gets its own workspace and brand voice. Switching between them is one click, and the tone switches with it.",
  },
} satisfies Record<string, Testimonial>;

/** The panel beside each step shows its own people, so the page changes as you go. */
export const testimonialsByStep: Record<LoginStep, Testimonial[]> = {
  continue: [people.priya, people.marcus, people.sofia],
  sign_in: [people.jonas, people.priya, people.amara],
  password: [people.marcus, people.wei, people.jonas],
  forgot_password: [people.amara, people.sofia],
  check_inbox: [people.sofia, people.amara],
  create_account: [people.wei, people.priya, people.marcus],
  start_free_trial: [people.sofia, people.wei, people.jonas],
  reset_password: [people.jonas, people.marcus],
};
