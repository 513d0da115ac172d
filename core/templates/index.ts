import { CAMPAIGN_TEMPLATES } from "./campaigns";
import { TEAM_TEMPLATES } from "./team";
import type { BuiltInTemplate } from "./types";
import { WRITING_TEMPLATES } from "./writing";

export type { BuiltInTemplate } from "./types";

/** The starter catalogue shown in every workspace's gallery, in gallery order. */
export const BUILT_IN_TEMPLATES: readonly BuiltInTemplate[] = [...WRITING_TEMPLATES, ...CAMPAIGN_TEMPLATES, ...TEAM_TEMPLATES];

const byKey = new Map(BUILT_IN_TEMPLATES.map((template) => [template.key, template]));

export const builtInTemplate = (key: string): BuiltInTemplate | null => byKey.get(key) ?? null;
