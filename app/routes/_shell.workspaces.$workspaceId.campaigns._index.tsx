import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { CHANNEL_LABELS, socialChannels } from "../../core/content/channels";
import { contentStrategyDating, contentStrategyLabels, type ContentStrategy } from "../../core/content/campaigns";
import { campaignsAction, campaignsPage, type CampaignActionResult } from "~/components/campaigns/campaigns.server";
import { FormAlert } from "~/components/ui/Field";
import styles from "~/styles/campaigns.css?url";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "Campaigns" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Campaigns · ${data.workspace.name} · Brandwork` : "Campaigns · Brandwork" }];
export const loader = ({ request, context, params }: LoaderFunctionArgs) => campaignsPage(request, context, params.workspaceId);
export const action = ({ request, context, params }: ActionFunctionArgs) => campaignsAction(request, context, params.workspaceId);

const today = () => new Date().toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export default function Campaigns() {
  const { workspace, campaigns, kits } = useLoaderData<typeof loader>();
  const actionData = useActionData<CampaignActionResult>();
  const navigation = useNavigation();
  const creating = navigation.state !== "idle" && navigation.formData?.get("intent") === "create";
  const failure = actionData && !actionData.ok ? actionData : null;
  const fieldError = (name: string) => failure?.fields?.[name]?.[0];
  const [params] = useSearchParams();
  // The list comes first; the form opens on "New campaign", from Create (?new=1), with nothing to list, or to show what went wrong.
  const formOpen = campaigns.length === 0 || params.get("new") === "1" || Boolean(failure) || creating;

  return (
    <div className="page campaigns-page">
      <section className="campaign-card" aria-labelledby="all-campaigns">
        <h2 id="all-campaigns" className="campaign-card__title">
          Campaigns
        </h2>
        {campaigns.length ? (
          <ul className="campaign-list">
            {campaigns.map((campaign) => (
              <li key={campaign.id}>
                <Link to={`/workspaces/${workspace.id}/campaigns/${campaign.id}`}>{campaign.name}</Link>
                <span className="campaign-list__meta">
                  {campaign.strategy.replace("Strategy", "")} · {campaign.channels.map((c) => CHANNEL_LABELS[c]).join(", ")} · {campaign.starts_on} → {campaign.ends_on}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="campaign-empty">No campaigns yet. Describe one below and every post is written for you, in your brand's voice.</p>
        )}
      </section>

      <details className="campaign-card campaign-new" open={formOpen || undefined}>
        <summary className="button button--primary campaign-new__toggle">
          <span id="new-campaign">New campaign</span>
        </summary>
        <Form method="post" className="campaign-form" aria-labelledby="new-campaign" aria-busy={creating || undefined}>
          <input type="hidden" name="intent" value="create" />
          <FormAlert message={failure?.message} />
          <label className="field">
            <span className="field__label">Name</span>
            <input className="input" name="name" required maxLength={200} placeholder="e.g. Spring roast launch" />
          </label>
          <label className="field">
            <span className="field__label">Brief</span>
            <textarea className="input" name="brief" rows={3} required minLength={10} placeholder="What is the campaign about, and what should people feel or do?" />
            {fieldError("brief") ? <span className="field__error">Brief {fieldError("brief")}</span> : null}
          </label>
          <label className="field">
            <span className="field__label">Goal</span>
            <input className="input" name="goal" maxLength={300} placeholder="e.g. 200 tasting-box orders" />
          </label>
          <div className="campaign-form__row">
            <label className="field">
              <span className="field__label">Starts</span>
              <input className="input" type="date" name="starts_on" defaultValue={today()} required />
            </label>
            <label className="field">
              <span className="field__label">Ends</span>
              <input className="input" type="date" name="ends_on" defaultValue={inDays(14)} required />
              {fieldError("ends_on") ? <span className="field__error">End date {fieldError("ends_on")}</span> : null}
            </label>
          </div>
          <fieldset className="campaign-form__channels">
            <legend className="field__label">Channels</legend>
            {socialChannels.map((channel) => (
              <label key={channel}>
                <input type="checkbox" name="channels" value={channel} /> {CHANNEL_LABELS[channel]}
              </label>
            ))}
          </fieldset>
          <fieldset className="campaign-form__strategies">
            <legend className="field__label">Strategy</legend>
            {Object.entries(contentStrategyLabels).map(([value, label], i) => (
              <label key={value}>
                <input type="radio" name="strategy" value={value} defaultChecked={i === 0} aria-describedby={`strategy-dates-${value}`} /> {label}
                <span id={`strategy-dates-${value}`} className="field__hint campaign-form__dates">
                  {contentStrategyDating[value as ContentStrategy]}
                </span>
              </label>
            ))}
          </fieldset>
          <details className="campaign-form__repurpose">
            <summary>Start from existing material (optional)</summary>
            <label className="field">
              <span className="field__label">Repurpose</span>
              <select className="input" name="repurposing" defaultValue="">
                <option value="">Nothing: write from the brief</option>
                <option value="docs_into_content">A document (paste its text below)</option>
                <option value="websites_into_content">A web page</option>
                <option value="video_into_content">A video (paste its transcript below)</option>
                <option value="audio_into_content">A podcast or recording (paste its transcript below)</option>
              </select>
              {fieldError("source") ? <span className="field__error">Material {fieldError("source")}</span> : null}
            </label>
            <label className="field">
              <span className="field__label">Web page address</span>
              <input className="input" name="source_url" type="url" placeholder="https://yourbrand.com/blog/post" />
            </label>
            <label className="field">
              <span className="field__label">Text or transcript</span>
              <textarea className="input" name="source_text" rows={4} placeholder="Paste the document's text or a transcript (.txt, .vtt or .srt content)" />
            </label>
          </details>
          <label className="field">
            <span className="field__label">Brand kit</span>
            <select className="input" name="brand_kit_id" defaultValue={kits.find((k) => k.isDefault)?.id ?? ""}>
              <option value="">No brand kit</option>
              {kits.map((kit) => (
                <option key={kit.id} value={kit.id}>
                  {kit.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="button button--primary" disabled={creating}>
            {creating ? "Writing the campaign…" : "Create and write the campaign"}
          </button>
        </Form>
      </details>
    </div>
  );
}
