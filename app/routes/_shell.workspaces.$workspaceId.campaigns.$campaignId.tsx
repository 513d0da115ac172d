import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CHANNEL_LABELS } from "../../core/content/channels";
import { CampaignPerformance } from "~/components/analytics/CampaignPerformance";
import { campaignPage, campaignsAction, type CampaignActionResult } from "~/components/campaigns/campaigns.server";
import analyticsStyles from "~/styles/analytics.css?url";
import styles from "~/styles/campaigns.css?url";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "Campaign" };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "stylesheet", href: analyticsStyles },
];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.campaign.name} · Campaigns · Brandwork` : "Campaign · Brandwork" }];
export const loader = ({ request, context, params }: LoaderFunctionArgs) => campaignPage(request, context, params.workspaceId, params.campaignId);
export const action = ({ request, context, params }: ActionFunctionArgs) => campaignsAction(request, context, params.workspaceId);

/** One campaign: every piece by date, each editable, rewritable and approvable. */
export default function CampaignDetail() {
  const { workspace, campaign, accounts, timeZone, approvalRequired, performance } = useLoaderData<typeof loader>();
  // The statuses tab decides whether a piece must be approved before it is scheduled.
  const posts = (campaign.items ?? []).filter((i) => i.channel);
  const schedulable = posts.filter((i) => !approvalRequired || i.status === "approved");
  const channels = [...new Set(schedulable.map((i) => i.channel!))];
  const actionData = useActionData<CampaignActionResult>();
  const navigation = useNavigation();
  const scheduling = navigation.state !== "idle" && navigation.formData?.get("intent") === "schedule";
  const scheduleResult = actionData?.intent === "schedule" ? actionData : null;
  const busy = (itemId: number, intent: string) => navigation.state !== "idle" && navigation.formData?.get("item_id") === String(itemId) && navigation.formData?.get("intent") === intent;
  const approved = campaign.items?.filter((i) => i.status === "approved").length ?? 0;

  return (
    <div className="page campaigns-page">
      <nav>
        <Link to={`/workspaces/${workspace.id}/campaigns`}>← All campaigns</Link>
      </nav>
      <header className="campaign-head">
        <h1 className="campaign-head__title">{campaign.name}</h1>
        <p className="campaign-head__meta">
          {campaign.strategy.replace("Strategy", "")} · {campaign.starts_on} → {campaign.ends_on} · {approved} of {campaign.items?.length ?? 0} approved
        </p>
        <p className="campaign-head__brief">{campaign.brief}</p>
        <p className="campaign-head__brief">
          <Link className="button button--small" to={`/workspaces/${workspace.id}/paid-ads/wizard?from=${campaign.id}`}>
            Promote with ads
          </Link>
        </p>
      </header>
      {performance ? <CampaignPerformance workspaceId={workspace.id} performance={performance} /> : null}
      {posts.length > 0 ? (
        <section className="campaign-card" aria-labelledby="schedule-approved">
          <h2 id="schedule-approved" className="campaign-card__title">
            {approvalRequired ? "Schedule the approved pieces" : "Schedule the pieces"}
          </h2>
          {/* What stands in the way is said, with the way past it, rather than the form just not being there. */}
          {accounts.length === 0 ? (
            <p className="campaign-card__blocked">
              Connect an account first: posts go out through one, and the Sandbox needs no keys.{" "}
              <Link to={`/workspaces/${workspace.id}/scheduled-posts`} className="button button--small">
                Connect an account
              </Link>
            </p>
          ) : channels.length === 0 ? (
            <p className="campaign-card__blocked">Approve a piece to schedule it: this workspace schedules only approved campaign pieces. Each piece below has its Approve button.</p>
          ) : (
            <Form method="post" className="campaign-form" aria-busy={scheduling || undefined}>
              <input type="hidden" name="intent" value="schedule" />
              <input type="hidden" name="campaign_id" value={campaign.id} />
              <input type="hidden" name="time_zone" value={timeZone} />
              {scheduleResult ? <p role={scheduleResult.ok ? "status" : "alert"} className={scheduleResult.ok ? "" : "field__error"}>{scheduleResult.message}</p> : null}
              {channels.map((channel) => (
                <label key={channel} className="field">
                  <span className="field__label">{CHANNEL_LABELS[channel]} posts go to</span>
                  <select className="input" name={`account_${channel}`} defaultValue="">
                    <option value="">Not now</option>
                    {accounts.map((account) => (
                      <option key={account.id} value={account.id}>
                        {account.name} ({account.network})
                      </option>
                    ))}
                  </select>
                </label>
              ))}
              <label className="field">
                <span className="field__label">At ({timeZone}) on each piece's date</span>
                <input className="input" type="time" name="time" defaultValue="09:00" required />
              </label>
              <button type="submit" className="button button--primary" disabled={scheduling}>
                {scheduling ? "Scheduling…" : approvalRequired ? "Schedule approved pieces" : "Schedule pieces"}
              </button>
            </Form>
          )}
        </section>
      ) : null}
      <ol className="campaign-items">
        {campaign.items?.map((item) => {
          const label = item.channel ? CHANNEL_LABELS[item.channel] : "Pillar post";
          const message = actionData?.itemId === item.id ? actionData : null;
          return (
            <li key={item.id} className="campaign-item" data-status={item.status} aria-label={`${label}, ${item.publish_on}`}>
              <div className="campaign-item__head">
                <strong>{label}</strong>
                <span>{item.publish_on}</span>
                <span className={`campaign-item__status campaign-item__status--${item.status}`}>{item.status === "approved" ? "Approved" : "Draft"}</span>
              </div>
              {item.title ? <p className="campaign-item__title">{item.title}</p> : null}
              <Form method="post" className="campaign-item__form">
                <input type="hidden" name="item_id" value={item.id} />
                <label className="field">
                  <span className="field__label">Text</span>
                  <textarea className="input" name="body" rows={item.channel ? 5 : 10} defaultValue={item.body} key={item.updated_at} />
                </label>
                <label className="field">
                  <span className="field__label">Hashtags</span>
                  <input className="input" name="hashtags" defaultValue={item.hashtags.join(" ")} key={`${item.updated_at}-tags`} />
                </label>
                {item.image_brief ? <p className="campaign-item__brief">Image: {item.image_brief}</p> : null}
                {item.notes.length ? (
                  <ul className="campaign-item__notes">
                    {item.notes.map((note) => (
                      <li key={note}>{note}</li>
                    ))}
                  </ul>
                ) : null}
                <div className="campaign-item__actions">
                  <p role="status" className={message && !message.ok ? "field__error" : "campaign-item__message"}>
                    {message?.message}
                  </p>
                  <button type="submit" name="intent" value="regenerate" className="button button--small" disabled={busy(item.id, "regenerate")}>
                    {busy(item.id, "regenerate") ? "Rewriting…" : "Rewrite"}
                  </button>
                  <button type="submit" name="intent" value="save" className="button button--small">
                    Save
                  </button>
                  {item.status !== "approved" && item.channel && approvalRequired ? <p className="campaign-item__hint">Approve this piece to schedule it.</p> : null}
                  {item.status !== "approved" ? (
                    <button type="submit" name="intent" value="approve" className="button button--small button--primary" aria-label={`Approve ${label} for ${item.publish_on}`}>
                      Approve
                    </button>
                  ) : null}
                </div>
              </Form>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
