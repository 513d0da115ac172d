import { Link } from "@remix-run/react";
import { useState } from "react";
import { AGE_MAX, AGE_MIN, genders, locationTypes, type AdCampaignOut, type AdLocation } from "../../../core/contracts/ads";
import { isRestricted, RESTRICTED_MIN_RADIUS_MILES } from "../../../core/ads/wizard";
import { Field, SelectField } from "~/components/ui/Field";
import type { AudiencesOut } from "./ads.server";
import { GroupError, StepFrame } from "./StepFrame";
import { useStepForm } from "./useStepForm";

const GENDER_LABELS = { all: "Everyone", men: "Men", women: "Women" } as const;
const LOCATION_LABELS = { country: "Country", region: "Region or state", city: "City", zip: "ZIP or postal code" } as const;
const KEY_HINTS = {
  country: "The two-letter country code, such as US or GB.",
  region: "The region's key: on Meta, from its location search; on the Sandbox, any code such as US-CA.",
  city: "The city's key: on Meta, from its location search; on the Sandbox, any code such as 2420379.",
  zip: "Country and code, such as US:94304.",
} as const;

type Interest = { id: string; name: string };

/** Step 3: who sees the ads. A restricted special category locks age and gender and leaves ZIP codes out. */
export function AudienceStep({ campaign, workspaceId, audiences }: { campaign: AdCampaignOut; workspaceId: number; audiences: AudiencesOut }) {
  const form = useStepForm(campaign, workspaceId, "audience");
  const saved = campaign.draft.audience;
  const locked = isRestricted(campaign.draft.categories?.special_ad_categories);
  const [locations, setLocations] = useState<AdLocation[]>(saved?.locations ?? []);
  const [ageMin, setAgeMin] = useState(locked ? AGE_MIN : (saved?.age_min ?? AGE_MIN));
  const [ageMax, setAgeMax] = useState(locked ? AGE_MAX : (saved?.age_max ?? AGE_MAX));
  const [gender, setGender] = useState<(typeof genders)[number]>(locked ? "all" : (saved?.genders ?? "all"));
  const [interests, setInterests] = useState<Interest[]>(saved?.interests ?? []);
  const [savedAudienceId, setSavedAudienceId] = useState<number | null>(saved?.saved_audience_id ?? null);
  const [hubspot, setHubspot] = useState(saved?.hubspot_contacts ?? false);
  const [draft, setDraft] = useState({ type: "country" as AdLocation["type"], name: "", key: "", radius: "" });
  const [draftProblem, setDraftProblem] = useState<string | null>(null);
  const [interest, setInterest] = useState("");
  const types = locationTypes.filter((type) => !(locked && type === "zip"));

  function addLocation() {
    const radius = draft.type === "city" ? Number(draft.radius || (locked ? RESTRICTED_MIN_RADIUS_MILES : 10)) : null;
    if (!draft.name.trim() || !draft.key.trim()) return setDraftProblem("Give the place a name and a code.");
    setDraftProblem(null);
    setLocations([...locations, { type: draft.type, name: draft.name.trim(), key: draft.key.trim(), radius_miles: radius }]);
    setDraft({ ...draft, name: "", key: "", radius: "" });
  }

  function applySavedAudience(id: number | null) {
    setSavedAudienceId(id);
    const chosen = audiences.saved.find((a) => a.id === id);
    if (!chosen) return;
    // A saved audience is copied in; a locked category still keeps age and gender as they must be.
    const t = chosen.targeting;
    setLocations(locked ? t.locations.filter((l) => l.type !== "zip") : t.locations);
    if (!locked) {
      setAgeMin(t.age_min);
      setAgeMax(t.age_max);
      setGender(t.genders);
    }
    setInterests(t.interests);
    setHubspot(t.hubspot_contacts && audiences.hubspot.connected);
  }

  const lockHint = locked ? "Fixed for housing, employment and financial ads: they must reach every age and gender." : undefined;
  return (
    <StepFrame
      step="audience"
      problem={form.problem}
      busy={form.busy}
      formRef={form.formRef}
      onSubmit={() =>
        void form.save({ locations, age_min: ageMin, age_max: ageMax, genders: gender, interests, saved_audience_id: savedAudienceId, hubspot_contacts: hubspot })
      }
    >
      {audiences.saved.length > 0 ? (
        <SelectField label="Start from a saved audience" value={savedAudienceId ?? ""} onChange={(e) => applySavedAudience(Number(e.target.value) || null)} errors={form.errorsFor("saved_audience_id")}>
          <option value="">None</option>
          {audiences.saved.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </SelectField>
      ) : null}

      <fieldset className="wizard-group">
        <legend className="field__label">Locations</legend>
        {locations.length ? (
          <ul className="wizard-chips" aria-label="Chosen locations">
            {locations.map((location, index) => {
              const problems = [...(form.errorsFor(`locations.${index}.type`) ?? []), ...(form.errorsFor(`locations.${index}.radius_miles`) ?? []), ...(form.errorsFor(`locations.${index}.key`) ?? [])];
              return (
                <li key={`${location.type}:${location.key}:${index}`} className="wizard-chip" data-invalid={problems.length ? true : undefined}>
                  <span>
                    {location.name} <small className="muted">({LOCATION_LABELS[location.type]}{location.radius_miles ? `, +${location.radius_miles} mi` : ""})</small>
                  </span>
                  <button type="button" className="link-button" onClick={() => setLocations(locations.filter((_, i) => i !== index))}>
                    Remove<span className="visually-hidden"> {location.name}</span>
                  </button>
                  <GroupError label={location.name} messages={problems.length ? problems : undefined} />
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="muted">No locations yet: add at least one.</p>
        )}
        <GroupError label="Locations" messages={form.errorsFor("locations")} />
        <div className="wizard-location">
          <SelectField label="Kind" value={draft.type} onChange={(e) => setDraft({ ...draft, type: e.target.value as AdLocation["type"] })}>
            {types.map((type) => (
              <option key={type} value={type}>
                {LOCATION_LABELS[type]}
              </option>
            ))}
          </SelectField>
          <Field label="Place" value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} placeholder="e.g. United States" maxLength={120} />
          <Field label="Code" value={draft.key} onChange={(e) => setDraft({ ...draft, key: e.target.value })} placeholder="e.g. US" maxLength={64} hint={KEY_HINTS[draft.type]} />
          {draft.type === "city" ? (
            <Field
              label="Radius in miles"
              type="number"
              min={locked ? RESTRICTED_MIN_RADIUS_MILES : 1}
              max={50}
              value={draft.radius}
              onChange={(e) => setDraft({ ...draft, radius: e.target.value })}
              placeholder={String(locked ? RESTRICTED_MIN_RADIUS_MILES : 10)}
            />
          ) : null}
        </div>
        {draftProblem ? <p className="field__error">{draftProblem}</p> : null}
        <button type="button" className="button wizard-group__add" onClick={addLocation}>
          Add location
        </button>
        {locked ? <p className="field__hint">ZIP and postal codes are not offered: housing, employment and financial ads may not be aimed at areas that small.</p> : null}
      </fieldset>

      <div className="field-row">
        <Field label="Youngest age" type="number" min={AGE_MIN} max={AGE_MAX} value={ageMin} disabled={locked} onChange={(e) => setAgeMin(Number(e.target.value))} errors={form.errorsFor("age_min")} hint={lockHint} />
        <Field label="Oldest age" type="number" min={AGE_MIN} max={AGE_MAX} value={ageMax} disabled={locked} onChange={(e) => setAgeMax(Number(e.target.value))} errors={form.errorsFor("age_max")} hint={locked ? undefined : "65 means 65 and over."} />
      </div>
      <fieldset className="wizard-choices wizard-choices--inline" disabled={locked}>
        <legend className="field__label">Gender</legend>
        {genders.map((value) => (
          <label key={value}>
            <input type="radio" name="genders" checked={gender === value} onChange={() => setGender(value)} aria-invalid={form.errorsFor("genders") ? true : undefined} /> {GENDER_LABELS[value]}
          </label>
        ))}
        <GroupError label="Gender" messages={form.errorsFor("genders")} />
      </fieldset>

      <fieldset className="wizard-group">
        <legend className="field__label">Interests</legend>
        {interests.length ? (
          <ul className="wizard-chips" aria-label="Chosen interests">
            {interests.map((item) => (
              <li key={item.id} className="wizard-chip">
                <span>{item.name}</span>
                <button type="button" className="link-button" onClick={() => setInterests(interests.filter((other) => other.id !== item.id))}>
                  Remove<span className="visually-hidden"> {item.name}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">Optional: without interests the network finds people by the objective alone.</p>
        )}
        <div className="wizard-inline">
          <Field label="Interest" value={interest} onChange={(e) => setInterest(e.target.value)} placeholder="e.g. Coffee" maxLength={120} />
          <button
            type="button"
            className="button"
            onClick={() => {
              const name = interest.trim();
              const id = name.toLowerCase().replace(/[^a-z0-9]+/g, "-").slice(0, 64);
              if (name && !interests.some((i) => i.id === id)) setInterests([...interests, { id, name }]);
              setInterest("");
            }}
          >
            Add interest
          </button>
        </div>
        <GroupError label="Interests" messages={form.errorsFor("interests")} />
      </fieldset>

      {audiences.hubspot.connected ? (
        <label className="wizard-choice">
          <input type="checkbox" checked={hubspot} onChange={(e) => setHubspot(e.target.checked)} aria-invalid={form.errorsFor("hubspot_contacts") ? true : undefined} />
          <span className="wizard-choice__text">
            <strong>Include your HubSpot contacts</strong>
            <span className="field__hint">{audiences.hubspot.contacts != null ? `${audiences.hubspot.contacts.toLocaleString("en")} contacts, ` : ""}added as a custom audience.</span>
          </span>
        </label>
      ) : (
        <p className="field__hint">
          To add your HubSpot contacts as an audience, <Link to={`/workspaces/${workspaceId}/integrations`}>connect HubSpot</Link> first.
        </p>
      )}
      <GroupError label="HubSpot contacts" messages={form.errorsFor("hubspot_contacts")} />
    </StepFrame>
  );
}
