import { Form, Link, useNavigation } from "@remix-run/react";
import { Field, FormAlert, TextAreaField } from "../ui/Field";
import type { GroupActionResult } from "./types";
import { VISIBILITY_CHOICES, VISIBILITY_COPY, VisibilityIcon } from "./visibility";

/** Name, description and who can find and join it; posts `intent=create` to the list's action. */
export function NewGroupForm({ result, cancelTo }: { result?: GroupActionResult; cancelTo: string }) {
  const navigation = useNavigation();
  const creating = navigation.state !== "idle" && navigation.formData?.get("intent") === "create";
  const fields = result?.fields ?? {};
  const formProblem = fields.channel?.length ? `${result?.message} ${fields.channel.join(", ")}` : result?.message;

  return (
    <Form method="post" className="group-form">
      <input type="hidden" name="intent" value="create" />
      <FormAlert message={result && !result.ok ? formProblem : null} />
      <Field
        label="Name"
        name="name"
        required
        maxLength={80}
        autoComplete="off"
        placeholder="e.g. Launch team, Social media"
        errors={fields.name}
        data-autofocus
      />
      <TextAreaField
        label="Description"
        name="description"
        optional
        rows={2}
        maxLength={500}
        placeholder="What is this group for?"
        errors={fields.description}
      />
      <fieldset className="visibility-choice" aria-describedby={fields.visibility?.length ? "visibility-error" : undefined}>
        <legend className="field__label">Who can find and join it</legend>
        {VISIBILITY_CHOICES.map((visibility) => (
          <label key={visibility} className="visibility-choice__option">
            <input type="radio" name="visibility" value={visibility} defaultChecked={visibility === "public"} required />
            <VisibilityIcon visibility={visibility} width={18} height={18} className="visibility-choice__icon" />
            <span className="visibility-choice__text">
              <span className="visibility-choice__label">{VISIBILITY_COPY[visibility].label}</span>
              <span className="visibility-choice__explanation">{VISIBILITY_COPY[visibility].explanation}</span>
            </span>
          </label>
        ))}
        {fields.visibility?.length ? (
          <p className="field__error" id="visibility-error">
            Visibility {fields.visibility.join(", ")}
          </p>
        ) : null}
      </fieldset>
      <div className="group-form__actions">
        <Link to={cancelTo} replace preventScrollReset className="button">
          Cancel
        </Link>
        <button type="submit" className="button button--primary" disabled={creating} aria-busy={creating || undefined}>
          {creating ? "Creating…" : "Create group"}
        </button>
      </div>
    </Form>
  );
}
