import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import type { AdCampaignOut } from "../../core/contracts/ads";
import { paidAdsAction, paidAdsPage, type PaidAdsActionResult } from "~/components/ads/ads.server";
import { AdCampaignCard } from "~/components/ads/AdCampaignCard";
import { SpendCap } from "~/components/ads/SpendCap";
import { Dialog } from "~/components/ui/Dialog";
import { FormAlert } from "~/components/ui/Field";
import styles from "~/styles/ads.css?url";
import type { ShellHandle } from "./_shell";
import { PageError } from "~/components/ui/PageError";

export const handle: ShellHandle = { title: "Paid ads" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Paid ads · ${data.workspace.name} · Brandwork` : "Paid ads · Brandwork" }];
export const loader = ({ request, context, params }: LoaderFunctionArgs) => paidAdsPage(request, context, params.workspaceId);
export const action = ({ request, context, params }: ActionFunctionArgs) => paidAdsAction(request, context, params.workspaceId);

const DONE: Record<string, string> = {
  paused: "Paused: delivery has stopped and nothing more is spent until you resume.",
  resumed: "Resumed: delivery starts again with the next sync.",
  deleted: "Draft deleted.",
};

export default function PaidAds() {
  const { workspace, adCampaigns, accounts, settings, contentCampaigns } = useLoaderData<typeof loader>();
  const actionData = useActionData<PaidAdsActionResult>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const base = `/workspaces/${workspace.id}/paid-ads`;
  const wizard = `${base}/wizard`;
  const [from, setFrom] = useState(String(contentCampaigns[0]?.id ?? ""));
  const sandbox = accounts.find((account) => account.sandbox);
  const drafts = adCampaigns.filter((c) => c.status === "draft");
  const running = adCampaigns.filter((c) => c.status !== "draft");
  const confirming = (kind: "pause" | "resume") => adCampaigns.find((c) => String(c.id) === params.get(kind) && c.can[kind]) ?? null;
  const pausing = confirming("pause");
  const resuming = confirming("resume");
  const done = params.get("done");
  const busy = navigation.state !== "idle";

  return (
    <div className="page ads-page">
      <header className="page__header">
        <div>
          <h1 className="page__title">Paid ads</h1>
          {sandbox ? (
            <p className="ads-sandbox-note">
              <span className="ads-badge ads-badge--sandbox">Sandbox</span> {sandbox.name} — simulated delivery, no money is spent.
            </p>
          ) : null}
        </div>
        <div className="ads-page__actions">
          <Link className="button button--primary" to={wizard}>
            New ad campaign
          </Link>
        </div>
      </header>

      {done && DONE[done] ? <FormAlert tone="info" message={DONE[done]} /> : null}
      {params.get("launched") ? <FormAlert tone="info" message={`${adCampaigns.find((c) => String(c.id) === params.get("launched"))?.name ?? "The ad campaign"} is created and running.`} /> : null}
      {actionData && actionData.intent !== "cap" ? <FormAlert tone={actionData.ok ? "info" : "error"} message={actionData.message} /> : null}

      <SpendCap settings={settings} result={actionData?.intent === "cap" ? actionData : null} busy={busy && navigation.formData?.get("intent") === "cap"} />

      {contentCampaigns.length > 0 ? (
        <section className="ads-card" aria-labelledby="from-content">
          <h2 id="from-content" className="ads-card__title">
            From a content campaign
          </h2>
          <p className="muted">Its approved pieces become the ads' words; you choose the objective, audience and budget.</p>
          <Form method="get" action={wizard} className="ads-from">
            <label className="field">
              <span className="field__label">Content campaign</span>
              <select className="input input--select" name="from" value={from} onChange={(event) => setFrom(event.target.value)}>
                {contentCampaigns.map((campaign) => (
                  <option key={campaign.id} value={campaign.id}>
                    {campaign.name}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="button">
              Promote this campaign
            </button>
          </Form>
        </section>
      ) : null}

      {adCampaigns.length === 0 ? (
        <section className="ads-card ads-empty" aria-labelledby="no-ads">
          <h2 id="no-ads" className="ads-card__title">
            No ad campaigns yet
          </h2>
          <p>
            Start with “New ad campaign”, or promote a content campaign{contentCampaigns.length === 0 ? <> (<Link to={`/workspaces/${workspace.id}/campaigns`}>write one first</Link>)</> : null}. The wizard takes you
            through the objective, audience, budget and creatives; everything runs on the Sandbox ads account until a Meta ad account is connected, so you can
            try it all without spending money.
          </p>
        </section>
      ) : null}

      {drafts.length > 0 ? (
        <section aria-labelledby="ad-drafts" className="ads-section">
          <h2 id="ad-drafts" className="ads-section__title">
            Drafts
          </h2>
          <ul className="ads-list">
            {drafts.map((campaign) => (
              <AdCampaignCard key={campaign.id} campaign={campaign} base={base} />
            ))}
          </ul>
        </section>
      ) : null}

      {running.length > 0 ? (
        <section aria-labelledby="ad-campaigns" className="ads-section">
          <div className="ads-section__head">
            <h2 id="ad-campaigns" className="ads-section__title">
              Ad campaigns
            </h2>
            {running.some((c) => c.status === "active" && c.can.pause) ? (
              <Form method="post">
                <input type="hidden" name="intent" value="sync" />
                <button type="submit" className="button button--small" disabled={busy}>
                  Refresh figures
                </button>
              </Form>
            ) : null}
          </div>
          <p className="muted">Figures are fetched from the network every 15 minutes while a campaign runs.</p>
          <ul className="ads-list">
            {running.map((campaign) => (
              <AdCampaignCard key={campaign.id} campaign={campaign} base={base} />
            ))}
          </ul>
        </section>
      ) : null}

      <Dialog open={Boolean(pausing)} closeTo={base} title={`Pause ${pausing?.name ?? ""}?`}>
        {pausing ? <Confirm campaign={pausing} intent="pause" base={base} busy={busy} /> : null}
      </Dialog>
      <Dialog open={Boolean(resuming)} closeTo={base} title={`Resume ${resuming?.name ?? ""}?`}>
        {resuming ? <Confirm campaign={resuming} intent="resume" base={base} busy={busy} /> : null}
      </Dialog>
    </div>
  );
}

/** Says what pausing or resuming does before it is done. */
function Confirm({ campaign, intent, base, busy }: { campaign: AdCampaignOut; intent: "pause" | "resume"; base: string; busy: boolean }) {
  const sandbox = campaign.ad_account.sandbox;
  return (
    <Form method="post" action={base} className="ads-confirm">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="ad_campaign_id" value={campaign.id} />
      {intent === "pause" ? (
        <p>
          The ads stop showing{sandbox ? " (in the Sandbox's simulation)" : " on Meta"} within minutes. The {campaign.spend.formatted} spent so far and its results stay; nothing more is spent
          until you resume. The schedule and budget are kept.
        </p>
      ) : (
        <p>
          The ads start showing again{sandbox ? " (in the Sandbox's simulation, no money is spent)" : " on Meta, and spending resumes"} at the same budget until the end date. What it spends counts
          toward this month's cap; it cannot resume once the cap is reached or the end date has passed.
        </p>
      )}
      <div className="ads-confirm__actions">
        <Link to={base} className="button" replace preventScrollReset>
          Cancel
        </Link>
        <button type="submit" className="button button--primary" disabled={busy} data-autofocus>
          {intent === "pause" ? "Pause ads" : "Resume ads"}
        </button>
      </div>
    </Form>
  );
}

export function ErrorBoundary() {
  return (
    <PageError
      surface="paid-ads"
      copy={{
        403: { title: "Paid ads are for workspace members", body: "Ask a workspace admin to make you a member to run ads.", next: { to: "/", label: "Go home" } },
        404: { title: "Workspace not found", body: "It may have been deleted, or you are not a member.", next: { to: "/", label: "Go home" } },
      }}
    />
  );
}
