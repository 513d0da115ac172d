import type { AdObjective, AdPlacement, AdStatus, CallToAction, SpecialAdCategory } from "../../../core/contracts/ads";
import { OBJECTIVES } from "../../../core/ads/objectives";

/** What each objective asks the network to find, in the words the wizard shows beside it. */
export const OBJECTIVE_WORDS: Record<AdObjective, { label: string; optimises: string }> = {
  OUTCOME_AWARENESS: { label: OBJECTIVES.OUTCOME_AWARENESS.label, optimises: "Shows the ad to as many people as the budget reaches, and reminds them. A result is a person reached." },
  OUTCOME_TRAFFIC: { label: OBJECTIVES.OUTCOME_TRAFFIC.label, optimises: "Finds the people most likely to click through to your website. A result is a link click." },
  OUTCOME_ENGAGEMENT: { label: OBJECTIVES.OUTCOME_ENGAGEMENT.label, optimises: "Finds people likely to like, comment on, share or save the post. A result is a post engagement." },
  OUTCOME_LEADS: { label: OBJECTIVES.OUTCOME_LEADS.label, optimises: "Finds people likely to sign up or leave their details on your site. A result is a lead your pixel reports." },
  OUTCOME_APP_PROMOTION: { label: OBJECTIVES.OUTCOME_APP_PROMOTION.label, optimises: "Finds people likely to install your app from its store. A result is an app install." },
  OUTCOME_SALES: { label: OBJECTIVES.OUTCOME_SALES.label, optimises: "Finds people likely to buy on your site. A result is a purchase your pixel reports." },
};

export const CATEGORY_WORDS: Record<SpecialAdCategory, { label: string; about: string }> = {
  NONE: { label: "None of these", about: "The ad is not about housing, jobs, credit or financial services, or social issues and politics." },
  HOUSING: { label: "Housing", about: "Homes for sale or rent, mortgages, home insurance, property listings." },
  EMPLOYMENT: { label: "Employment", about: "Job offers, internships, recruitment, job fairs." },
  FINANCIAL_PRODUCTS_SERVICES: { label: "Financial products and services", about: "Credit cards, loans, insurance, investment and banking offers." },
  ISSUES_ELECTIONS_POLITICS: { label: "Social issues, elections or politics", about: "Ads about candidates, elections, referendums or debated social issues. They need the advertiser's authorization and a “Paid for by” line." },
};

export const STATUS_LABELS: Record<AdStatus, string> = {
  draft: "Draft",
  pending: "Starting",
  active: "Active",
  paused: "Paused",
  completed: "Completed",
  failed: "Failed",
};

export const STEP_LABELS = {
  objective: "Objective",
  categories: "Special ad categories",
  audience: "Audience",
  placements: "Placements",
  budget: "Budget and schedule",
  creatives: "Creatives",
  review: "Review",
} as const;

export const CTA_LABELS: Record<CallToAction, string> = {
  LEARN_MORE: "Learn more",
  SHOP_NOW: "Shop now",
  SIGN_UP: "Sign up",
  SUBSCRIBE: "Subscribe",
  DOWNLOAD: "Download",
  INSTALL_MOBILE_APP: "Install now",
  CONTACT_US: "Contact us",
  GET_OFFER: "Get offer",
  APPLY_NOW: "Apply now",
  BOOK_TRAVEL: "Book now",
};

export const PLACEMENT_GROUPS: { label: string; placements: AdPlacement[] }[] = [
  { label: "Facebook", placements: ["facebook_feed", "facebook_stories", "facebook_reels", "facebook_right_column"] },
  { label: "Instagram", placements: ["instagram_feed", "instagram_stories", "instagram_reels", "instagram_explore"] },
  { label: "Messenger and partner apps", placements: ["messenger_inbox", "audience_network"] },
];

/** "12 Jan 2027, 09:00" in the ad account's zone. */
export function formatAdDate(iso: string | null | undefined, zone: string): string {
  if (!iso) return "";
  try {
    return new Intl.DateTimeFormat("en-GB", { timeZone: zone, day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" }).format(new Date(iso));
  } catch {
    return iso;
  }
}
