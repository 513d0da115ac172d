import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { paidAdsAction, wizardPage, wizardStartPage, type PaidAdsActionResult } from "~/components/ads/ads.server";
import { Wizard } from "~/components/ads/Wizard";
import { Field, FormAlert, SelectField } from "~/components/ui/Field";
import styles from "~/styles/ads.css?url";
import type { ShellHandle } from "./_shell";
import { PageError } from "~/components/ui/PageError";

export const handle: ShellHandle = { title: "Ad campaign" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.kind === "wizard" ? `${data.campaign.name} · Paid ads · Brandwork` : "New ad campaign · Paid ads · Brandwork" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  if (!params.campaignId) return wizardStartPage(request, context, params.workspaceId);
  return { ...(await wizardPage(request, context, params.workspaceId, params.campaignId)), now: Date.now() };
}
/** "Start": creates the draft (blank or from the chosen content campaign) and opens it. */
export const action = ({ request, context, params }: ActionFunctionArgs) => paidAdsAction(request, context, params.workspaceId);

export default function AdWizard() {
  const data = useLoaderData<typeof loader>();
  if (data.kind === "wizard") {
    return <Wizard workspaceId={data.workspace.id} campaign={data.campaign} step={data.step} accounts={data.accounts} settings={data.settings} audiences={data.audiences} sources={data.sources} now={data.now} />;
  }
  return <StartForm {...data} />;
}

/** Before there is a draft: a name, and whether to start from a content campaign. */
function StartForm({ workspace, accounts, contentCampaigns, from }: Extract<ReturnType<typeof useLoaderData<typeof loader>>, { kind: "start" }>) {
  const actionData = useActionData<PaidAdsActionResult>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const sandbox = accounts.find((a) => a.sandbox);
  const chosen = contentCampaigns.find((c) => c.id === from);
  return (
    <div className="page ads-page wizard">
      <nav>
        <Link to={`/workspaces/${workspace.id}/paid-ads`}>← All ad campaigns</Link>
      </nav>
      <h1 className="page__title">New ad campaign</h1>
      <Form method="post" className="ads-card wizard-start" aria-busy={busy || undefined}>
        <input type="hidden" name="intent" value="start" />
        <FormAlert message={actionData && !actionData.ok ? actionData.message : null} />
        <SelectField label="Start from" name="content_campaign_id" defaultValue={from ?? ""} hint="A content campaign's approved pieces become the ads' words; you can change them in the creatives step.">
          <option value="">Blank: write the ads in the wizard</option>
          {contentCampaigns.map((c) => (
            <option key={c.id} value={c.id}>
              Content campaign: {c.name}
            </option>
          ))}
        </SelectField>
        <Field label="Ad campaign name" name="name" maxLength={200} placeholder={chosen ? `${chosen.name} — ads` : "e.g. Spring roast, traffic"} errors={actionData && !actionData.ok ? actionData.fields?.name : undefined} />
        {sandbox ? (
          <p className="ads-sandbox-note">
            <span className="ads-badge ads-badge--sandbox">Sandbox</span> It runs on the {sandbox.name} — simulated delivery, no money is spent.
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? "Starting…" : "Start the wizard"}
        </button>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <PageError
      surface="paid-ads"
      copy={{
        403: { title: "Paid ads are for workspace members", body: "Ask a workspace admin to make you a member to run ads.", next: { to: "/", label: "Go home" } },
        404: { title: "Ad campaign not found", body: "It may have been deleted, or it belongs to another workspace.", next: { to: "/", label: "Go home" } },
      }}
    />
  );
}
