import { plans } from "../../core/billing/plans";
import { defaultWorkspaceSettings, type WorkspaceOut } from "../../core/contracts/workspaces";
import type { BillingAccount, Membership, Workspace } from "../db/schema";
import { canStartFreeTrial, entitlementFrom } from "../services/billing/entitlements";

/** What the workspace list needs of billing: whether Stripe is configured, and the workspace's billing row. */
export interface WorkspaceBilling {
  configured: boolean;
  account: BillingAccount | null;
}

/** Stored settings over the defaults, tab by tab, so clients always get every field. */
export function effectiveSettings(workspace: Workspace) {
  const stored = workspace.settings;
  return {
    sidebar: { ...defaultWorkspaceSettings.sidebar, ...stored.sidebar },
    preferences: { ...defaultWorkspaceSettings.preferences, ...stored.preferences },
    branding: {
      ...defaultWorkspaceSettings.branding,
      ...stored.branding,
      theme: { ...defaultWorkspaceSettings.branding.theme, ...stored.branding?.theme },
    },
    custom_url: { ...defaultWorkspaceSettings.custom_url, ...stored.custom_url },
    publish: { ...defaultWorkspaceSettings.publish, ...stored.publish },
    statuses: {
      labels: { ...defaultWorkspaceSettings.statuses.labels, ...stored.statuses?.labels },
      require_approval: { ...defaultWorkspaceSettings.statuses.require_approval, ...stored.statuses?.require_approval },
    },
  };
}

/**
 * A workspace as listed for its member (SPEC section 3, workspace list entry). `paying` is
 * what Stripe's events last said; the free trial is offered once, while billing is configured.
 */
export function presentWorkspace(workspace: Workspace, membership: Pick<Membership, "role"> | null | undefined, billing: WorkspaceBilling): WorkspaceOut {
  const { branding } = effectiveSettings(workspace);
  // The fallback plan does not matter here: only a configured server offers a trial.
  const entitlement = entitlementFrom(billing.account, billing.configured, plans.free, new Date());
  return {
    id: workspace.id,
    key: workspace.key,
    name: workspace.name,
    homepage_doc: workspace.homepageDocId,
    paying: workspace.paying,
    can_start_free_trial: !workspace.paying && canStartFreeTrial(entitlement),
    company_size_enum: workspace.companySize,
    github_integration_enabled: false,
    is_new: workspace.isNew,
    profile: {
      name: workspace.name,
      logo_url: workspace.logoUrl,
      team_type: workspace.teamType,
      company_size: workspace.companySize,
      is_freemium: workspace.isFreemium,
      is_virtual_marketer: workspace.isVirtualMarketer,
    },
    theme: branding.theme,
    color_scheme: branding.color_scheme,
    app_logo_url: branding.app_logo_url,
    role: membership?.role ?? null,
    created_at: workspace.createdAt.toISOString(),
  };
}

/** GET /v1/w/:ws/settings/workspace: every tab. */
export function presentWorkspaceSettings(workspace: Workspace, counts: { members: number; guests: number }) {
  return {
    general: {
      name: workspace.name,
      company_size: workspace.companySize,
      team_type: workspace.teamType,
      logo_url: workspace.logoUrl,
    },
    ...effectiveSettings(workspace),
    delete: {
      deactivated: workspace.deactivatedAt !== null,
      member_count: counts.members,
      guest_count: counts.guests,
    },
  };
}
