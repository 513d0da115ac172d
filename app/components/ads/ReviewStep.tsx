import { Link, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { wizardSteps, type AdCampaignOut, type AdSettingsOut, type WizardStep } from "../../../core/contracts/ads";
import { PLACEMENTS } from "../../../core/ads/placements";
import { stepOfField } from "../../../core/ads/wizard";
import { FormAlert } from "~/components/ui/Field";
import { api, ApiError } from "~/lib/api";
import { budgetWords } from "./AdCampaignCard";
import { fieldsOf, type FieldErrors, type LaunchState } from "./useStepForm";
import { CATEGORY_WORDS, formatAdDate, OBJECTIVE_WORDS, STEP_LABELS } from "./words";

/** Step 7: everything on one page, each part with a link back to change it, and the button that creates the campaign. */
export function ReviewStep({ campaign, workspaceId, settings }: { campaign: AdCampaignOut; workspaceId: number; settings: AdSettingsOut }) {
  const navigate = useNavigate();
  const location = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>((location.state as LaunchState | null)?.launchMessage ?? null);
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);
  const { draft } = campaign;
  const zone = campaign.ad_account.timezone;
  const incomplete = campaign.steps.filter((s) => s.step !== "review" && !s.complete);

  /** A refusal lands on the step that must change, with its messages beside the fields there. */
  function toStep(step: WizardStep, message: string, fields: FieldErrors = {}) {
    const own = Object.fromEntries(Object.entries(fields).filter(([key]) => stepOfField(key) === step).map(([key, value]) => [key.slice(step.length + 1) || step, value]));
    navigate(`?step=${step}`, { state: { launchErrors: own, launchMessage: message } satisfies LaunchState });
  }

  async function launch() {
    setBusy(true);
    setProblem(null);
    try {
      await api.post(`/w/${workspaceId}/ads/campaigns/${campaign.id}/launch`);
      navigate(`/workspaces/${workspaceId}/paid-ads?launched=${campaign.id}`);
    } catch (failure) {
      if (!(failure instanceof ApiError)) return setProblem("Creating the ad campaign failed. Try again.");
      const fields = fieldsOf(failure);
      const first = Object.keys(fields)[0];
      if (first) return toStep(stepOfField(first), "This step needs changes before the ad campaign can be created.", fields);
      if (failure.status === 422) {
        // A network refusal is saved on the campaign with the step it concerns; the monthly cap is the budget's.
        const fresh = await api.get<{ data: AdCampaignOut }>(`/w/${workspaceId}/ads/campaigns/${campaign.id}`).catch(() => null);
        return toStep(fresh?.data.error?.step ?? "budget", failure.problem.message);
      }
      setProblem(failure.problem.message);
    } finally {
      setBusy(false);
    }
  }

  const edit = (step: WizardStep) => (
    <Link to={`?step=${step}`} className="button button--small" aria-label={`Change ${STEP_LABELS[step].toLowerCase()}`}>
      Change
    </Link>
  );
  const audience = draft.audience;
  return (
    <section className="wizard-step" aria-labelledby="wizard-step-title">
      <h2 id="wizard-step-title" className="wizard-step__title" tabIndex={-1} ref={heading}>
        {STEP_LABELS.review}
      </h2>
      <FormAlert message={problem} />
      {incomplete.length ? (
        <div className="form-alert form-alert--error" role="alert">
          Still to do:{" "}
          {incomplete.map((s, i) => (
            <span key={s.step}>
              {i ? ", " : ""}
              <Link to={`?step=${s.step}`}>{STEP_LABELS[s.step]}</Link>
            </span>
          ))}
          .
        </div>
      ) : null}
      <dl className="wizard-review">
        <Row title="Objective" action={edit("objective")}>
          {draft.objective ? `${OBJECTIVE_WORDS[draft.objective.objective].label} — ${campaign.name}` : "Not chosen"}
          <br />
          <span className="muted">{campaign.ad_account.sandbox ? `${campaign.ad_account.name}: simulated delivery, no money is spent` : campaign.ad_account.name}</span>
        </Row>
        <Row title="Special ad categories" action={edit("categories")}>
          {draft.categories ? draft.categories.special_ad_categories.map((c) => CATEGORY_WORDS[c].label).join(", ") : "Not answered"}
        </Row>
        <Row title="Audience" action={edit("audience")}>
          {audience
            ? `${audience.locations.map((l) => l.name).join(", ") || "No location"} · ages ${audience.age_min}–${audience.age_max === 65 ? "65+" : audience.age_max} · ${audience.genders === "all" ? "everyone" : audience.genders}${audience.interests.length ? ` · ${audience.interests.map((i) => i.name).join(", ")}` : ""}${audience.hubspot_contacts ? " · HubSpot contacts" : ""}`
            : "Not chosen"}
        </Row>
        <Row title="Placements" action={edit("placements")}>
          {draft.placements ? (draft.placements.automatic ? "Automatic" : draft.placements.placements.map((p) => PLACEMENTS[p].label).join(", ")) : "Not chosen"}
        </Row>
        <Row title="Budget and schedule" action={edit("budget")}>
          {draft.budget ? `${budgetWords(draft.budget.budget)} · ${formatAdDate(draft.budget.schedule.start, zone)} → ${draft.budget.schedule.end ? formatAdDate(draft.budget.schedule.end, zone) : "until paused"}` : "Not set"}
          {settings.remaining_this_month ? (
            <>
              <br />
              <span className="muted">This month's cap has {settings.remaining_this_month.formatted} left; the campaign is refused if it could spend more.</span>
            </>
          ) : null}
        </Row>
        <Row title="Creatives" action={edit("creatives")}>
          {draft.creatives ? draft.creatives.creatives.map((c, i) => <span key={i} className="wizard-review__creative">“{c.headline || c.primary_text.slice(0, 60)}”</span>) : "None yet"}
        </Row>
      </dl>
      <div className="wizard-step__actions">
        <Link className="button" to={`?step=${wizardSteps[wizardSteps.length - 2]}`}>
          Back
        </Link>
        {campaign.can.launch || campaign.can.manage ? (
          <button type="button" className="button button--primary" onClick={() => void launch()} disabled={busy} aria-busy={busy || undefined}>
            {busy ? "Creating…" : campaign.ad_account.sandbox ? "Create ad campaign (simulated)" : "Create ad campaign"}
          </button>
        ) : null}
      </div>
    </section>
  );
}

function Row({ title, action, children }: { title: string; action: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="wizard-review__row">
      <dt>{title}</dt>
      <dd>{children}</dd>
      <dd className="wizard-review__action">{action}</dd>
    </div>
  );
}
