import { count } from "../../core/counting";
import { approvalScopes, type ApprovalScope } from "../../core/contracts/reviews";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, NavLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { workspaceSettingsSchema } from "../../core/contracts/workspaces";
import { documentStatuses, sortOrders, viewKinds, workspaceSettingsTabs, type WorkspaceSettingsTab } from "../../core/enums";
import { eq } from "drizzle-orm";
import { workspaces } from "../../worker/db/schema";
import { invalidFromZod } from "../../worker/lib/validate";
import { can } from "../../worker/policies";
import { updateWorkspaceSettings, workspaceSettings } from "../../worker/services/workspaces";
import { Field, FormAlert, SelectField } from "~/components/ui/Field";
import { TimeZoneOptions } from "~/components/ui/TimeZoneOptions";
import { settingsFromForm } from "~/lib/settings-form";
import { requireWorkspaceActor } from "~/lib/workspace.server";
import styles from "~/styles/settings.css?url";
import type { ShellHandle } from "./_shell";

/** What each "needs approval" switch holds back, as the API enforces it (`awaitingApproval`). */
const APPROVAL_LABELS: Record<ApprovalScope, string> = {
  campaign_pieces: "Campaign pieces: only pieces someone approved (their Approve button) can be scheduled",
  scheduled_posts: "Posts made from a document: scheduled only once that document is approved (posts without a document are not held back)",
  publishing: "Publishing to the web: a document goes public only once it is approved (making it private is always allowed)",
};

export const handle: ShellHandle = { title: "Workspace settings" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = () => [{ title: "Workspace settings · Brandwork" }];

const TAB_LABELS: Record<WorkspaceSettingsTab, string> = {
  general: "General",
  sidebar: "Sidebar",
  preferences: "Preferences",
  branding: "Branding",
  custom_url: "Custom URL",
  publish: "Publish",
  statuses: "Statuses",
  delete: "Delete",
};

function parseTab(tab: string | undefined): WorkspaceSettingsTab {
  const found = workspaceSettingsTabs.find((t) => t === (tab ?? "general"));
  if (!found) throw data("No such settings tab", { status: 404 });
  return found;
}

async function load({ request, context, params }: LoaderFunctionArgs) {
  const tab = parseTab(params.tab);
  const ctx = await requireWorkspaceActor(request, context, params.workspaceId);
  if (!can(ctx.actor, "workspace.update")) {
    throw data("Only workspace admins can change settings", { status: 403 });
  }
  return { ...ctx, tab };
}

export async function loader(args: LoaderFunctionArgs) {
  const { db, workspace, tab } = await load(args);
  return { tab, workspaceId: workspace.id, settings: await workspaceSettings(db, workspace) };
}

export async function action(args: ActionFunctionArgs) {
  const { db, workspace, tab } = await load(args);
  const form = await args.request.formData();
  if (tab === "delete") {
    if (String(form.get("confirm_name") ?? "").trim() !== workspace.name) {
      const fields: Record<string, string[]> = { confirm_name: ["must match the workspace name exactly"] };
      return { ok: false as const, fields, message: null };
    }
    await db.update(workspaces).set({ deactivatedAt: new Date() }).where(eq(workspaces.id, workspace.id));
    throw redirect("/");
  }
  const parsed = workspaceSettingsSchema.shape[tab].safeParse(settingsFromForm(tab, form));
  if (!parsed.success) {
    const invalid = invalidFromZod(parsed.error);
    return { ok: false as const, fields: invalid.details.fields as Record<string, string[]>, message: "Some settings need fixing." };
  }
  await updateWorkspaceSettings(db, workspace, { [tab]: parsed.data });
  return { ok: true as const, fields: {} as Record<string, string[]>, message: "Saved." };
}

export default function WorkspaceSettings() {
  const { tab, workspaceId, settings } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const errors = (name: string) => result?.fields?.[name];

  return (
    <div className="page settings">
      <nav className="tabs" aria-label="Settings sections">
        {workspaceSettingsTabs.map((t) => (
          <NavLink key={t} to={`/workspaces/${workspaceId}/settings/${t}`} className="tabs__tab" prefetch="intent">
            {TAB_LABELS[t]}
          </NavLink>
        ))}
        {/* Not a settings tab (members use it too), but where admins look for it. */}
        <NavLink to={`/workspaces/${workspaceId}/api-keys`} className="tabs__tab" prefetch="intent">
          API keys
        </NavLink>
        <NavLink to={`/workspaces/${workspaceId}/billing`} className="tabs__tab" prefetch="intent">
          Billing
        </NavLink>
        <NavLink to={`/workspaces/${workspaceId}/plans`} className="tabs__tab" prefetch="intent">
          Plans
        </NavLink>
      </nav>
      <Form method="post" className="settings__form" key={tab} aria-labelledby="settings-heading">
        <h2 id="settings-heading" className="settings__heading">
          {TAB_LABELS[tab]}
        </h2>
        <FormAlert message={result?.message} tone={result?.ok ? "info" : "error"} />
        {tab === "general" && (
          <>
            <Field label="Workspace name" name="name" defaultValue={settings.general.name} required maxLength={80} errors={errors("name")} />
            <SelectField label="Company size" name="company_size" defaultValue={settings.general.company_size ?? ""} errors={errors("company_size")}>
              <option value="">Not set</option>
              {["1-10", "11-50", "51-200", "201-1000", "1000+"].map((size) => (
                <option key={size} value={size}>
                  {size} people
                </option>
              ))}
            </SelectField>
            <Field label="Team" name="team_type" defaultValue={settings.general.team_type ?? ""} placeholder="Marketing" errors={errors("team_type")} />
            <Field label="Logo URL" name="logo_url" type="url" defaultValue={settings.general.logo_url ?? ""} errors={errors("logo_url")} />
          </>
        )}
        {tab === "sidebar" && (
          <fieldset className="checks">
            <legend>Show in the sidebar</legend>
            <Check name="show_recent" label="Recent documents" checked={settings.sidebar.show_recent} />
            <Check name="show_favorites" label="Favorites" checked={settings.sidebar.show_favorites} />
            <Check name="show_handbooks" label="Handbooks" checked={settings.sidebar.show_handbooks} />
            <Check name="show_groups" label="Groups" checked={settings.sidebar.show_groups} />
          </fieldset>
        )}
        {tab === "preferences" && (
          <>
            <SelectField label="Default sort" name="default_sort" defaultValue={settings.preferences.default_sort} errors={errors("default_sort")}>
              {sortOrders.map((sort) => (
                <option key={sort} value={sort}>
                  {sort.replaceAll("_", " ").replace("asc", "(A→Z / oldest first)").replace("desc", "(Z→A / newest first)")}
                </option>
              ))}
            </SelectField>
            <SelectField label="Default folder view" name="default_view" defaultValue={settings.preferences.default_view} errors={errors("default_view")}>
              {viewKinds.map((view) => (
                <option key={view} value={view}>
                  {view.replace("_view", "").replace(/^./, (c) => c.toUpperCase())}
                </option>
              ))}
            </SelectField>
            <SelectField label="Version control" name="version_control_mode" defaultValue={settings.preferences.version_control_mode}>
              <option value="off">Off: edit documents directly</option>
              <option value="branches">Branches: propose changes, then merge</option>
            </SelectField>
            <SelectField
              label="Time zone"
              name="time_zone"
              defaultValue={settings.preferences.time_zone}
              hint="Schedules and the calendar use it; each person can still choose their own zone on the calendar."
              errors={errors("time_zone")}
            >
              <TimeZoneOptions current={settings.preferences.time_zone} />
            </SelectField>
            <fieldset className="checks">
              <legend>People</legend>
              <Check name="members_can_invite" label="Members can invite people" checked={settings.preferences.members_can_invite} />
              <Check name="guests_can_see_members" label="Guests can see the member list" checked={settings.preferences.guests_can_see_members} />
            </fieldset>
          </>
        )}
        {tab === "branding" && <BrandingFields settings={settings.branding} errors={errors} />}
        {tab === "custom_url" && (
          <Field
            label="Subdomain"
            name="subdomain"
            defaultValue={settings.custom_url.subdomain ?? ""}
            pattern="[a-z0-9][a-z0-9-]{1,30}[a-z0-9]"
            hint="3-32 lowercase letters, digits or dashes. Leave empty to use the default address."
            errors={errors("subdomain")}
          />
        )}
        {tab === "publish" && (
          <>
            <fieldset className="checks">
              <legend>Public pages</legend>
              <Check name="public_directory" label="List published documents in a public directory" checked={settings.publish.public_directory} />
              <Check name="allow_search_indexing" label="Let search engines index published documents" checked={settings.publish.allow_search_indexing} />
              <Check name="allow_embedding" label="Let other websites embed published documents in a frame" checked={settings.publish.allow_embedding} />
            </fieldset>
            <Field
              label="Publish late posts for up to (minutes)"
              name="late_publish_minutes"
              type="number"
              min={0}
              max={1440}
              defaultValue={String(settings.publish.late_publish_minutes)}
              hint="After an outage, a scheduled post found later than this is marked missed and its author is told, instead of going out hours late."
              errors={errors("late_publish_minutes")}
            />
            <p className="muted">
              Other systems can hear when posts are published or fail: <Link to={`/workspaces/${workspaceId}/webhooks`}>webhooks</Link>.
            </p>
          </>
        )}
        {tab === "statuses" &&
          documentStatuses.map((status) => (
            <Field
              key={status}
              label={`Label for “${status.replace("_", " ")}”`}
              name={`label_${status}`}
              defaultValue={settings.statuses.labels[status]}
              required
              maxLength={40}
              errors={errors(`labels.${status}`)}
            />
          ))}
        {tab === "statuses" && (
          <fieldset className="checks">
            <legend>Needs approval first</legend>
            <p className="field__hint">Each switch that is on holds its kind back until it is approved. A document is approved when everyone asked in its approval review approved it.</p>
            {approvalScopes.map((scope) => (
              <Check key={scope} name={`require_approval_${scope}`} label={APPROVAL_LABELS[scope]} checked={settings.statuses.require_approval[scope]} />
            ))}
          </fieldset>
        )}
        {tab === "delete" ? (
          <div className="danger-zone">
            <p>
              Deleting <strong>{settings.general.name}</strong> deactivates it for its {count(settings.delete.member_count, "member")} and{" "}
              {count(settings.delete.guest_count, "guest")}. Nobody can open its documents afterwards.
            </p>
            <Field label="Type the workspace name to confirm" name="confirm_name" autoComplete="off" errors={errors("confirm_name")} />
            <button type="submit" className="button button--danger" disabled={saving}>
              {saving ? "Deleting…" : "Delete workspace"}
            </button>
          </div>
        ) : (
          <div className="settings__actions">
            <button type="submit" className="button button--primary" disabled={saving}>
              {saving ? "Saving…" : "Save changes"}
            </button>
          </div>
        )}
      </Form>
    </div>
  );
}

function Check({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  return (
    <label className="check">
      <input type="checkbox" name={name} defaultChecked={checked} />
      <span>{label}</span>
    </label>
  );
}

type Branding = Awaited<ReturnType<typeof workspaceSettings>>["branding"];

function BrandingFields({ settings, errors }: { settings: Branding; errors: (name: string) => string[] | undefined }) {
  const [hue, setHue] = useState(settings.theme.hue);
  return (
    <>
      <div className="field">
        <label className="field__label" htmlFor="theme-hue">
          Theme hue: {hue}°
        </label>
        <input
          id="theme-hue"
          type="range"
          name="hue"
          min={0}
          max={360}
          value={hue}
          onChange={(event) => setHue(Number(event.target.value))}
          style={{ accentColor: `hsl(${hue} 70% 50%)` }}
        />
        <span className="swatch" style={{ background: `hsl(${hue} 70% 50%)` }} aria-hidden="true" />
      </div>
      <SelectField label="Preset" name="preset" defaultValue={settings.theme.preset} errors={errors("theme.preset")}>
        {["indigo", "ocean", "forest", "sunset", "graphite"].map((preset) => (
          <option key={preset} value={preset}>
            {preset[0]!.toUpperCase() + preset.slice(1)}
          </option>
        ))}
      </SelectField>
      <fieldset className="checks">
        <legend>Colour scheme</legend>
        {(["light", "dark", "system"] as const).map((scheme) => (
          <label className="check" key={scheme}>
            <input type="radio" name="color_scheme" value={scheme} defaultChecked={settings.color_scheme === scheme} />
            <span>{scheme === "system" ? "Follow the device" : scheme[0]!.toUpperCase() + scheme.slice(1)}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="color-overrides">
        <legend>Colour overrides (optional)</legend>
        {(["accent", "background", "surface", "text"] as const).map((key) => (
          <Field
            key={key}
            label={key[0]!.toUpperCase() + key.slice(1)}
            name={`override_${key}`}
            defaultValue={settings.theme.overrides[key] ?? ""}
            placeholder="#4f46e5"
            pattern="#[0-9a-fA-F]{6}"
            errors={errors(`theme.overrides.${key}`)}
          />
        ))}
      </fieldset>
      <Field label="App logo URL" name="app_logo_url" type="url" defaultValue={settings.app_logo_url ?? ""} errors={errors("app_logo_url")} />
    </>
  );
}
