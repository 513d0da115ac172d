import { Link } from "@remix-run/react";
import type { AdAccountOut, AdCampaignOut, AdSettingsOut, WizardStep } from "../../../core/contracts/ads";
import type { AudiencesOut, CreativeSources } from "./ads.server";
import { AudienceStep } from "./AudienceStep";
import { BudgetStep } from "./BudgetStep";
import { CategoriesStep } from "./CategoriesStep";
import { CreativesStep } from "./CreativesStep";
import { ObjectiveStep } from "./ObjectiveStep";
import { PlacementsStep } from "./PlacementsStep";
import { ReviewStep } from "./ReviewStep";
import { WizardStepper } from "./WizardStepper";
import { STATUS_LABELS } from "./words";

export interface WizardProps {
  workspaceId: number;
  campaign: AdCampaignOut;
  step: WizardStep;
  accounts: AdAccountOut[];
  settings: AdSettingsOut;
  audiences: AudiencesOut;
  sources: CreativeSources;
  now: number;
}

/** The ad campaign wizard: the stepper, then the current step (keyed, so each step starts from the saved draft). */
export function Wizard(props: WizardProps) {
  const { campaign, step, workspaceId } = props;
  const list = `/workspaces/${workspaceId}/paid-ads`;
  const editable = campaign.status === "draft" || campaign.status === "failed";
  return (
    <div className="page ads-page wizard">
      <nav>
        <Link to={list}>← All ad campaigns</Link>
      </nav>
      <header className="wizard__head">
        <h1 className="page__title">{campaign.name}</h1>
        <p className="muted">
          {STATUS_LABELS[campaign.status]}
          {campaign.content_campaign ? ` · from the content campaign “${campaign.content_campaign.name}”` : ""} ·{" "}
          {campaign.ad_account.sandbox ? (
            <>
              <span className="ads-badge ads-badge--sandbox">Sandbox</span> {campaign.ad_account.name} — simulated delivery, no money is spent
            </>
          ) : (
            campaign.ad_account.name
          )}
        </p>
        <p className="muted wizard__saved">Each step is saved as a draft when you continue: leave at any time and pick up where you stopped.</p>
      </header>
      {editable ? (
        <div className="wizard__body">
          <WizardStepper campaign={campaign} current={step} />
          <CurrentStep key={step} {...props} />
        </div>
      ) : (
        <p className="ads-card">
          This ad campaign is {STATUS_LABELS[campaign.status].toLowerCase()}: its settings can no longer be changed here. <Link to={list}>See it in the list</Link> to pause or resume it.
        </p>
      )}
    </div>
  );
}

function CurrentStep({ campaign, step, workspaceId, accounts, settings, audiences, sources, now }: WizardProps) {
  switch (step) {
    case "objective":
      return <ObjectiveStep campaign={campaign} workspaceId={workspaceId} accounts={accounts} />;
    case "categories":
      return <CategoriesStep campaign={campaign} workspaceId={workspaceId} />;
    case "audience":
      return <AudienceStep campaign={campaign} workspaceId={workspaceId} audiences={audiences} />;
    case "placements":
      return <PlacementsStep campaign={campaign} workspaceId={workspaceId} />;
    case "budget":
      return <BudgetStep campaign={campaign} workspaceId={workspaceId} account={campaign.ad_account} settings={settings} now={now} />;
    case "creatives":
      return <CreativesStep campaign={campaign} workspaceId={workspaceId} sources={sources} />;
    case "review":
      return <ReviewStep campaign={campaign} workspaceId={workspaceId} settings={settings} />;
  }
}
