/**
 * A starter template every workspace sees. `category` is the slug of one of the directory's
 * template categories (core/public-directory.ts, `forTemplates`), so built-ins and a
 * workspace's own templates are filtered by the same chips.
 */
export interface BuiltInTemplate {
  /** Stable handle in URLs (`/templates/:key`); never reuse a retired key. */
  key: string;
  title: string;
  /** One line for the gallery card. */
  description: string;
  category: "marketing-templates" | "sales-templates" | "hr-templates" | "meeting-templates" | "planning-templates";
  /** The body, as markdown (GFM: tables and task lists work). */
  markdown: string;
}
