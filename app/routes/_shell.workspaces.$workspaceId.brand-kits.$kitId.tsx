import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { brandVoiceNoteTypes, type BrandVoiceNoteType } from "../../core/content/voice";
import { brandKitPage, brandKitsAction, type BrandKitActionResult } from "~/components/brand-kits/brand-kits.server";
import { LogoSlots } from "~/components/brand-kits/LogoSlots";
import { VoiceDraftPanel } from "~/components/brand-kits/VoiceDraftPanel";
import { Dialog, DialogActions, withoutParam } from "~/components/ui/Dialog";
import { FormAlert } from "~/components/ui/Field";
import styles from "~/styles/brand-kits.css?url";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "Brand kit" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.kit.name} · Brand kits · Brandwork` : "Brand kit · Brandwork" }];

export const loader = ({ request, context, params }: LoaderFunctionArgs) => brandKitPage(request, context, params.workspaceId, params.kitId);
export const action = ({ request, context, params }: ActionFunctionArgs) => brandKitsAction(request, context, params.workspaceId, params.kitId);

const NOTE_LABELS: Record<BrandVoiceNoteType, { label: string; hint: string }> = {
  general: { label: "Voice and tone", hint: "How the brand sounds: e.g. warm, plain-spoken, a little playful." },
  product_or_service_description: { label: "What you sell", hint: "The product or service in a few sentences." },
  company_info: { label: "About the company", hint: "Who you are, where you work, what you stand for." },
  audience: { label: "Audience", hint: "Who you write for." },
  keywords: { label: "Keywords", hint: "Words and phrases to use, separated by commas." },
  avoid_list: { label: "Words to avoid", hint: "Never used in generated content, separated by commas." },
};

const ROLES = [
  { role: "title", label: "Titles" },
  { role: "subtitle", label: "Subtitles" },
  { role: "body", label: "Body text" },
] as const;

const isHex = (value: string) => /^#[0-9a-f]{6}$/i.test(value);

export default function BrandKitEditor() {
  const { workspace, kit, fonts } = useLoaderData<typeof loader>();
  const actionData = useActionData<BrandKitActionResult>();
  const navigation = useNavigation();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const canManage = kit.policies["brand_kits.manage"] === true;
  const [colors, setColors] = useState(kit.colors.length ? kit.colors : [{ name: "", value: "" }]);
  const [notes, setNotes] = useState<Partial<Record<BrandVoiceNoteType, string>>>(kit.notes);
  useEffect(() => setNotes(kit.notes), [kit.notes]);
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save";
  const failure = actionData && !actionData.ok && actionData.intent === "save" ? actionData : null;
  const deleting = searchParams.has("delete");

  return (
    <div className="page kit-page">
      <nav className="kit-page__back">
        <Link to={`/workspaces/${workspace.id}/brand-kits`}>← All brand kits</Link>
      </nav>
      <Form method="post" className="kit-form" aria-busy={saving || undefined}>
        <input type="hidden" name="intent" value="save" />
        <div className="kit-form__head">
          <label className="kit-form__name">
            <span className="visually-hidden">Name</span>
            <input className="input kit-form__name-input" name="name" defaultValue={kit.name} required maxLength={100} disabled={!canManage} aria-label="Name" />
          </label>
          <label className="kit-form__default">
            <input type="checkbox" name="is_default" defaultChecked={kit.is_default} disabled={!canManage || kit.is_default} /> Default kit
          </label>
        </div>
        <FormAlert message={failure ? `${failure.message}${failure.fields ? `: ${Object.entries(failure.fields).map(([f, m]) => `${f} ${m.join(", ")}`).join("; ")}` : ""}` : null} />
        {actionData?.ok ? (
          <p className="badge badge--ok" role="status">
            {actionData.message}
          </p>
        ) : null}

        <section className="kit-section" aria-labelledby="logos-title">
          <h2 id="logos-title" className="kit-section__title">
            Logos
          </h2>
          <LogoSlots kit={kit} workspaceId={workspace.id} canManage={canManage} />
        </section>

        <section className="kit-section" aria-labelledby="colours-title">
          <h2 id="colours-title" className="kit-section__title">
            Colours
          </h2>
          <p className="kit-section__lead">Hex colours such as #2F5EBC, or gradients such as linear-gradient(90deg, #FF7A00, #FF0066).</p>
          <ul className="color-rows">
            {colors.map((color, index) => (
              <li key={index} className="color-row">
                <span className="kit-swatch kit-swatch--large" style={{ background: color.value || "transparent" }} aria-hidden="true" />
                <input
                  type="color"
                  aria-label={`Pick colour ${index + 1}`}
                  value={isHex(color.value) ? color.value : "#000000"}
                  disabled={!canManage}
                  onChange={(e) => setColors(colors.map((c, i) => (i === index ? { ...c, value: e.target.value.toUpperCase() } : c)))}
                />
                <input className="input" name="color_name" placeholder="Name" aria-label={`Colour ${index + 1} name`} value={color.name} maxLength={50} disabled={!canManage} onChange={(e) => setColors(colors.map((c, i) => (i === index ? { ...c, name: e.target.value } : c)))} />
                <input className="input color-row__value" name="color_value" placeholder="#2F5EBC" aria-label={`Colour ${index + 1} value`} value={color.value} disabled={!canManage} onChange={(e) => setColors(colors.map((c, i) => (i === index ? { ...c, value: e.target.value } : c)))} />
                {canManage ? (
                  <button type="button" className="button button--small button--ghost" aria-label={`Remove colour ${index + 1}`} onClick={() => setColors(colors.filter((_, i) => i !== index))}>
                    Remove
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
          {canManage && colors.length < 24 ? (
            <button type="button" className="button button--small" onClick={() => setColors([...colors, { name: "", value: "" }])}>
              Add a colour
            </button>
          ) : null}
        </section>

        <section className="kit-section" aria-labelledby="fonts-title">
          <h2 id="fonts-title" className="kit-section__title">
            Fonts
          </h2>
          <div className="font-rows">
            {ROLES.map(({ role, label }) => (
              <label key={role} className="field">
                <span className="field__label">{label}</span>
                <select className="input" name={`font_${role}`} defaultValue={kit.fonts[role] ?? ""} disabled={!canManage} style={{ fontFamily: kit.fonts[role] }}>
                  <option value="">Not set</option>
                  {fonts.map((font) => (
                    <option key={font} value={font}>
                      {font}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </div>
        </section>

        {canManage ? <VoiceDraftPanel kitId={kit.id} onDraft={(draft) => setNotes((before) => ({ ...before, ...draft }))} /> : null}

        <section className="kit-section" aria-labelledby="voice-title">
          <h2 id="voice-title" className="kit-section__title">
            Brand voice
          </h2>
          <div className="note-grid">
            {brandVoiceNoteTypes.map((type) => (
              <label key={type} className="field">
                <span className="field__label">{NOTE_LABELS[type].label}</span>
                <textarea
                  className="input"
                  name={`note_${type}`}
                  rows={3}
                  maxLength={5000}
                  value={notes[type] ?? ""}
                  disabled={!canManage}
                  onChange={(e) => setNotes({ ...notes, [type]: e.target.value })}
                  placeholder={NOTE_LABELS[type].hint}
                />
              </label>
            ))}
          </div>
        </section>

        {canManage ? (
          <div className="kit-form__actions">
            <Link to="?delete" replace preventScrollReset className="button button--ghost kit-form__delete">
              Delete kit
            </Link>
            <button type="submit" className="button button--primary" disabled={saving}>
              {saving ? "Saving…" : "Save brand kit"}
            </button>
          </div>
        ) : null}
      </Form>

      <Dialog open={deleting} closeTo={withoutParam(location, "delete")} tone="danger" title={`Delete “${kit.name}”?`} description={<p>Its logos, colours, fonts and voice notes go with it. Content already written stays as it is.</p>}>
        <Form method="post" className="dialog__form">
          <FormAlert message={actionData && !actionData.ok && actionData.intent === "delete" ? actionData.message : null} />
          <DialogActions closeTo={withoutParam(location, "delete")} tone="destructive" intent="delete" label="Delete brand kit" busyLabel="Deleting…" busy={navigation.state !== "idle" && navigation.formData?.get("intent") === "delete"} autoFocus="cancel" />
        </Form>
      </Dialog>
    </div>
  );
}
