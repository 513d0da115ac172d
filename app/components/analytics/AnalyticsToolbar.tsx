import { Form, Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { contentTypes, type ContentType } from "../../../core/analytics/metrics";
import { periodPresets, type AnalyticsQuery, type PeriodPreset } from "../../../core/contracts/analytics";
import type { Network } from "../../../core/publishing/limits";
import { networkLabel } from "./format";
import { PRESET_LABELS, searchOf, wantedFrom, type FilterKey } from "./query";

export const CONTENT_TYPE_LABELS: Record<ContentType, string> = { text: "Text only", image: "With images", video: "With video", link: "With a link" };

interface Option {
  value: string;
  label: string;
}

interface ToolbarProps {
  base: string;
  query: AnalyticsQuery;
  /** The period the report covers, for the custom range's starting dates. */
  period: { from: string; to: string };
  accounts: { id: number; name: string; network: Network }[];
  campaigns: { id: number; name: string }[];
}

/**
 * The period and the filters, as one GET form: the URL it makes is the view, so the back
 * button and a shared link show the same figures. With JavaScript each change applies at once
 * (the custom dates when "Apply" is pressed); without, "Apply" sends the form.
 */
export function AnalyticsToolbar({ base, query, period, accounts, campaigns }: ToolbarProps) {
  const navigate = useNavigate();
  const [preset, setPreset] = useState<PeriodPreset>(query.preset);
  useEffect(() => setPreset(query.preset), [query.preset]);

  const apply = (form: HTMLFormElement) => {
    const wanted = wantedFrom(new URLSearchParams(new FormData(form) as unknown as Record<string, string>));
    const lists = (key: FilterKey) => (wanted[key] ? wanted[key].split(",") : []);
    const next = {
      ...query,
      preset: wanted.preset as PeriodPreset,
      from: wanted.from,
      to: wanted.to,
      networks: lists("networks") as Network[],
      account_ids: lists("account_ids").map(Number),
      campaign_ids: lists("campaign_ids").map(Number),
      content_types: lists("content_types") as ContentType[],
    };
    navigate(`${base}?${searchOf(next)}`, { preventScrollReset: true });
  };
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement | HTMLSelectElement;
    // A custom range waits for both dates and "Apply"; every other change applies now.
    if (target.type === "date") return;
    if (target.name === "preset" && target.value === "custom") {
      setPreset("custom");
      return;
    }
    apply(event.currentTarget);
  };

  const networks = [...new Set(accounts.map((account) => account.network))];
  const filtered = query.networks.length + query.account_ids.length + query.campaign_ids.length + query.content_types.length > 0;

  return (
    <Form
      method="get"
      action={base}
      className="analytics-toolbar"
      aria-label="Period and filters"
      onChange={onChange}
      onSubmit={(event) => {
        event.preventDefault();
        apply(event.currentTarget);
      }}
    >
      <input type="hidden" name="tz" value={query.tz} />
      <div className="analytics-period">
        <div className="analytics-period__preset">
          <label className="field__label" htmlFor="analytics-preset">
            Period
          </label>
          <select id="analytics-preset" name="preset" className="input input--select" value={preset} onChange={(event) => setPreset(event.target.value as PeriodPreset)}>
            {periodPresets.map((name) => (
              <option key={name} value={name}>
                {PRESET_LABELS[name]}
              </option>
            ))}
          </select>
        </div>
        {preset === "custom" ? (
          <fieldset className="analytics-period__range">
            <legend className="visually-hidden">Custom range, first and last day included</legend>
            <label>
              <span className="field__label">From</span>
              <input type="date" name="from" className="input" defaultValue={query.from ?? period.from} max={query.to ?? period.to} required key={`from-${period.from}`} />
            </label>
            <label>
              <span className="field__label">To</span>
              <input type="date" name="to" className="input" defaultValue={query.to ?? period.to} required key={`to-${period.to}`} />
            </label>
            <button type="submit" className="button">
              Apply dates
            </button>
          </fieldset>
        ) : null}
      </div>
      <div className="analytics-filters" role="group" aria-label="Filters">
        {networks.length > 1 ? (
          <FilterMenu label="Networks" name="networks" chosen={query.networks} options={networks.map((network) => ({ value: network, label: networkLabel(network) }))} />
        ) : null}
        {accounts.length > 0 ? (
          <FilterMenu
            label="Accounts"
            name="account_ids"
            chosen={query.account_ids.map(String)}
            options={accounts.map((account) => ({ value: String(account.id), label: `${account.name} (${networkLabel(account.network)})` }))}
          />
        ) : null}
        {campaigns.length > 0 ? (
          <FilterMenu label="Campaigns" name="campaign_ids" chosen={query.campaign_ids.map(String)} options={campaigns.map((campaign) => ({ value: String(campaign.id), label: campaign.name }))} />
        ) : null}
        <FilterMenu label="Content types" name="content_types" chosen={query.content_types} options={contentTypes.map((type) => ({ value: type, label: CONTENT_TYPE_LABELS[type] }))} />
        {filtered ? (
          <Link className="link-button analytics-filters__clear" to={`${base}?${searchOf(query, { networks: [], account_ids: [], campaign_ids: [], content_types: [] })}`} preventScrollReset>
            Clear filters
          </Link>
        ) : null}
      </div>
      <noscript>
        <button type="submit" className="button">
          Apply
        </button>
      </noscript>
    </Form>
  );
}

/**
 * A multi-select as a checkbox menu: a disclosure whose button says what is chosen, opening a
 * group of checkboxes. It is a <details>, so it works without JavaScript; Escape or a click
 * elsewhere folds it and gives the keyboard back to its button.
 */
function FilterMenu({ label, name, chosen, options }: { label: string; name: FilterKey; chosen: readonly string[]; options: Option[] }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (ref.current?.open && !ref.current.contains(event.target as Node)) ref.current.open = false;
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, []);
  const onKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key !== "Escape" || !ref.current?.open) return;
    event.preventDefault();
    ref.current.open = false;
    ref.current.querySelector("summary")?.focus();
  };
  const names = options.filter((option) => chosen.includes(option.value)).map((option) => option.label);
  const summary = names.length === 0 ? "all" : names.length === 1 ? names[0] : `${names.length} chosen`;

  return (
    <details ref={ref} className="filter-menu" onKeyDown={onKeyDown} data-active={names.length > 0 || undefined}>
      <summary className="button filter-menu__button">
        <span className="filter-menu__label">{label}:</span> <span className="filter-menu__value">{summary}</span>
      </summary>
      <fieldset className="filter-menu__panel">
        <legend className="visually-hidden">{label} to show (none ticked: all)</legend>
        {options.map((option) => (
          <label key={option.value} className="filter-menu__option">
            <input type="checkbox" name={name} value={option.value} defaultChecked={chosen.includes(option.value)} key={`${option.value}-${chosen.includes(option.value)}`} />
            <span>{option.label}</span>
          </label>
        ))}
      </fieldset>
    </details>
  );
}
