import { Form } from "@remix-run/react";
import { useState } from "react";
import type { AdSettingsOut } from "../../../core/contracts/ads";
import { FormAlert } from "~/components/ui/Field";
import { MoneyField } from "./MoneyField";

/** The workspace's monthly ad spend cap: what is spent and left this month, and the form to change it. */
export function SpendCap({ settings, result, busy }: { settings: AdSettingsOut; result: { ok: boolean; message: string; fields?: Record<string, string[]> } | null; busy: boolean }) {
  const [minor, setMinor] = useState<number | null>(settings.monthly_cap?.amount_minor ?? null);
  const [text, setText] = useState<string | null>(null);
  const cap = settings.monthly_cap;
  return (
    <section className="ads-card ads-cap" aria-labelledby="ads-cap">
      <h2 id="ads-cap" className="ads-card__title">
        Monthly ad spend cap
      </h2>
      {cap ? (
        <p className="ads-cap__figures">
          <strong>{settings.remaining_this_month?.formatted ?? cap.formatted} left</strong> of {cap.formatted} this month · {settings.spent_this_month.formatted} spent
        </p>
      ) : (
        <p className="ads-cap__figures">
          No cap: {settings.spent_this_month.formatted} spent this month. Set one and no campaign can be created or resumed past it.
        </p>
      )}
      <details className="ads-cap__change" open={result ? true : undefined}>
        <summary>Change the cap</summary>
        <Form method="post" className="ads-cap__form">
          <input type="hidden" name="intent" value="cap" />
          <input type="hidden" name="currency" value={settings.currency} />
          <input type="hidden" name="monthly_cap_minor" value={text === "" ? "" : (minor ?? "")} />
          {result ? <FormAlert tone={result.ok ? "info" : "error"} message={result.message} /> : null}
          <MoneyField
            label="Cap per calendar month"
            currency={settings.currency}
            valueMinor={settings.monthly_cap?.amount_minor ?? null}
            onChange={(value, raw) => {
              setMinor(value);
              setText(raw.trim());
            }}
            optional
            hint="Leave empty for no cap. Spend across every ad campaign counts, from the 1st of the month (UTC)."
            errors={result && !result.ok ? result.fields?.monthly_cap_minor : undefined}
          />
          <button type="submit" className="button" disabled={busy}>
            Save the cap
          </button>
        </Form>
      </details>
    </section>
  );
}
