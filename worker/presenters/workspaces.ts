import { defaultWorkspaceSettings, type WorkspaceOut } from "../../core/contracts/workspaces";
import type { Membership, Workspace } from "../db/schema";

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

/** A workspace as listed for its member (SPEC section 3, workspace list entry). */
export function presentWorkspace(workspace: Workspace, membership?: Pick<Membership, "role"> | null): WorkspaceOut {
  const { branding } = effectiveSettings(workspace);
  return {
    id: workspace.id,
    key: workspace.key,
    name: workspace.name,
    homepage_doc: workspace.homepageDocId,
    paying: workspace.paying,
    can_start_free_trial: !workspace.paying && workspace.isFreemium,
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
