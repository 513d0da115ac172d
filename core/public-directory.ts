/**
 * The fixed taxonomy of the public directory: categories a published article can be filed
 * under (the `forTemplates` ones group templates) and the tags job-search pages are built
 * from. migrations/0003_directory.sql inserts them, so every database has them; a test keeps
 * that migration and these lists in step.
 */
export interface DirectoryCategory {
  slug: string;
  name: string;
  description: string;
  forTemplates: boolean;
}

export const DIRECTORY_CATEGORIES: readonly DirectoryCategory[] = [
  { slug: "marketing", name: "Marketing", description: "Campaigns, positioning, content and brand.", forTemplates: false },
  { slug: "sales", name: "Sales", description: "Playbooks, pitches and pipeline.", forTemplates: false },
  { slug: "product", name: "Product", description: "Strategy, roadmaps and specs.", forTemplates: false },
  { slug: "engineering", name: "Engineering", description: "Architecture, practices and how teams build.", forTemplates: false },
  { slug: "design", name: "Design", description: "Design systems, research and critique.", forTemplates: false },
  { slug: "people-hr", name: "People & HR", description: "Hiring, onboarding, culture and benefits.", forTemplates: false },
  { slug: "operations", name: "Operations", description: "Processes, tools and running the business.", forTemplates: false },
  { slug: "customer-success", name: "Customer Success", description: "Support, onboarding customers and retention.", forTemplates: false },
  { slug: "finance", name: "Finance", description: "Budgets, planning and reporting.", forTemplates: false },
  { slug: "marketing-templates", name: "Marketing templates", description: "Briefs, calendars and launch plans to start from.", forTemplates: true },
  { slug: "sales-templates", name: "Sales templates", description: "Call notes, proposals and account plans.", forTemplates: true },
  { slug: "hr-templates", name: "HR & onboarding templates", description: "Job descriptions, onboarding checklists and reviews.", forTemplates: true },
  { slug: "meeting-templates", name: "Meeting notes", description: "Agendas, retros and one-on-ones.", forTemplates: true },
  { slug: "planning-templates", name: "Plans & strategy", description: "OKRs, strategy docs and project plans.", forTemplates: true },
];

export const DIRECTORY_JOB_SEARCH_TAGS: readonly { slug: string; name: string }[] = [
  { slug: "remote", name: "Remote" },
  { slug: "hybrid", name: "Hybrid" },
  { slug: "full-time", name: "Full-time" },
  { slug: "part-time", name: "Part-time" },
  { slug: "contract", name: "Contract" },
  { slug: "internship", name: "Internship" },
  { slug: "marketing", name: "Marketing" },
  { slug: "sales", name: "Sales" },
  { slug: "engineering", name: "Engineering" },
  { slug: "design", name: "Design" },
  { slug: "product", name: "Product" },
  { slug: "customer-success", name: "Customer Success" },
];
