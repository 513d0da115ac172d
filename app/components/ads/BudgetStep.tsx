import { useState } from "react";
import type { AdAccountOut, AdCampaignOut, AdSettingsOut } from "../../../core/contracts/ads";
import { minimumBudgetMinor, MIN_DAILY_BUDGET_MINOR, scheduleDays } from "../../../core/ads/budgets";
import { formatMoney } from "../../../core/ads/money";
import { instantToLocal, localToInstant } from "../../../core/publishing/time";
import { Field } from "~/components/ui/Field";
import { MoneyField } from "./MoneyField";
import { GroupError, StepFrame } from "./StepFrame";
import { useStepForm } from "./useStepForm";

const HOUR = 3_600_000;

/** Step 5: how much (daily or lifetime, in the ad account's currency, at least the network's minimum) and when. */
export function BudgetStep({ campaign, workspaceId, account, settings, now }: { campaign: AdCampaignOut; workspaceId: number; account: AdAccountOut; settings: AdSettingsOut; now: number }) {
  const form = useStepForm(campaign, workspaceId, "budget");
  const saved = campaign.draft.budget;
  const currency = account.currency;
  const zone = account.timezone;
  const [type, setType] = useState(saved?.budget.type ?? "daily");
  const [amount, setAmount] = useState<number | null>(saved?.budget.amount_minor ?? 10 * (MIN_DAILY_BUDGET_MINOR[currency] ?? 100));
  const [amountText, setAmountText] = useState<string | null>(null);
  const [start, setStart] = useState(instantToLocal(saved ? Date.parse(saved.schedule.start) : Math.ceil(now / HOUR) * HOUR + HOUR, zone));
  const [end, setEnd] = useState(saved ? (saved.schedule.end ? instantToLocal(Date.parse(saved.schedule.end), zone) : "") : instantToLocal(Math.ceil(now / HOUR) * HOUR + HOUR + 7 * 86_400_000, zone));
  const [localProblem, setLocalProblem] = useState<string | null>(null);

  const iso = (local: string) => {
    try {
      return new Date(localToInstant(local, zone)).toISOString();
    } catch {
      return null;
    }
  };
  const schedule = { start: iso(start) ?? new Date(now).toISOString(), end: end ? iso(end) : null };
  const minimum = minimumBudgetMinor({ type, currency }, schedule);
  const days = schedule.end ? scheduleDays(schedule) : null;
  const minimumWords =
    minimum == null
      ? null
      : type === "daily"
        ? `The network's minimum is ${formatMoney(minimum, currency)} a day.`
        : `The network's minimum is ${formatMoney(MIN_DAILY_BUDGET_MINOR[currency]!, currency)} a day: ${formatMoney(minimum, currency)} for ${days ?? 1} ${days === 1 ? "day" : "days"}.`;

  function submit() {
    if (amount == null) {
      setLocalProblem(amountText?.trim() ? "The budget is not an amount: type it like 25.00." : "Type a budget.");
      form.focusFirstError();
      return;
    }
    setLocalProblem(null);
    void form.save({ budget: { type, amount_minor: amount, currency }, schedule: { start: iso(start), end: end ? iso(end) : null } });
  }

  return (
    <StepFrame step="budget" problem={localProblem ?? form.problem} busy={form.busy} formRef={form.formRef} onSubmit={submit}>
      <fieldset className="wizard-choices wizard-choices--inline">
        <legend className="field__label">Budget</legend>
        <label>
          <input type="radio" name="budget_type" checked={type === "daily"} onChange={() => setType("daily")} /> Daily: spend up to this each day
        </label>
        <label>
          <input type="radio" name="budget_type" checked={type === "lifetime"} onChange={() => setType("lifetime")} /> Lifetime: spend this over the whole schedule
        </label>
      </fieldset>
      <MoneyField
        label={type === "daily" ? "Daily budget" : "Lifetime budget"}
        currency={currency}
        valueMinor={amount}
        onChange={(minor, text) => {
          setAmount(minor);
          setAmountText(text);
        }}
        errors={[...(form.errorsFor("budget.amount_minor") ?? []), ...(form.errorsFor("budget.currency") ?? []), ...(form.errorsFor("budget") ?? [])]}
        hint={
          <>
            {minimumWords} Amounts are in {currency}, the ad account's currency.
            {settings.remaining_this_month ? ` This month's cap has ${settings.remaining_this_month.formatted} left.` : ""}
          </>
        }
      />
      <div className="field-row">
        <Field label={`Start (${zone})`} type="datetime-local" value={start} onChange={(e) => setStart(e.target.value)} errors={form.errorsFor("schedule.start")} />
        <Field
          label={`End (${zone})`}
          type="datetime-local"
          value={end}
          onChange={(e) => setEnd(e.target.value)}
          errors={form.errorsFor("schedule.end")}
          hint={type === "daily" ? "Optional with a daily budget: empty runs until you pause it." : "Required with a lifetime budget."}
        />
      </div>
      <GroupError label="Schedule" messages={form.errorsFor("schedule")} />
    </StepFrame>
  );
}
