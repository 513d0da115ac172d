-- The public directory's fixed taxonomy (core/public-directory.ts): reference data every
-- database needs, so it ships as a migration rather than being created on first use.
-- tests/worker/public-pages.test.ts checks these rows against the constants.
INSERT INTO `categories` (slug, name, description, for_templates, position) VALUES
  ('marketing', 'Marketing', 'Campaigns, positioning, content and brand.', 0, 0),
  ('sales', 'Sales', 'Playbooks, pitches and pipeline.', 0, 1),
  ('product', 'Product', 'Strategy, roadmaps and specs.', 0, 2),
  ('engineering', 'Engineering', 'Architecture, practices and how teams build.', 0, 3),
  ('design', 'Design', 'Design systems, research and critique.', 0, 4),
  ('people-hr', 'People & HR', 'Hiring, onboarding, culture and benefits.', 0, 5),
  ('operations', 'Operations', 'Processes, tools and running the business.', 0, 6),
  ('customer-success', 'Customer Success', 'Support, onboarding customers and retention.', 0, 7),
  ('finance', 'Finance', 'Budgets, planning and reporting.', 0, 8),
  ('marketing-templates', 'Marketing templates', 'Briefs, calendars and launch plans to start from.', 1, 9),
  ('sales-templates', 'Sales templates', 'Call notes, proposals and account plans.', 1, 10),
  ('hr-templates', 'HR & onboarding templates', 'Job descriptions, onboarding checklists and reviews.', 1, 11),
  ('meeting-templates', 'Meeting notes', 'Agendas, retros and one-on-ones.', 1, 12),
  ('planning-templates', 'Plans & strategy', 'OKRs, strategy docs and project plans.', 1, 13)
ON CONFLICT (slug) DO NOTHING;
--> statement-breakpoint
INSERT INTO `job_search_tags` (slug, name) VALUES
  ('remote', 'Remote'),
  ('hybrid', 'Hybrid'),
  ('full-time', 'Full-time'),
  ('part-time', 'Part-time'),
  ('contract', 'Contract'),
  ('internship', 'Internship'),
  ('marketing', 'Marketing'),
  ('sales', 'Sales'),
  ('engineering', 'Engineering'),
  ('design', 'Design'),
  ('product', 'Product'),
  ('customer-success', 'Customer Success')
ON CONFLICT (slug) DO NOTHING;
