interface Choice {
  id: number;
  name: string;
}

interface ReviewerPickersProps {
  people: Choice[];
  groups: Choice[];
  /** The API's messages by field (`user_ids`, `channel_ids`). */
  errors: Record<string, string[] | undefined>;
}

/** Who reviews: people and groups as checkboxes, named `user_ids` and `channel_ids` as the review routes take them. */
export function ReviewerPickers({ people, groups, errors }: ReviewerPickersProps) {
  const error = (name: string) => errors[name]?.join(", ");
  return (
    <>
      <fieldset aria-describedby={error("user_ids") ? "reviewers-error" : undefined}>
        <legend>People</legend>
        {people.length === 0 ? <p className="branch-form__hint">Nobody else is in this workspace yet: invite someone, or pick a group.</p> : null}
        <div className="branch-form__choices">
          {people.map((person) => (
            <label key={person.id}>
              <input type="checkbox" name="user_ids" value={person.id} /> {person.name}
            </label>
          ))}
        </div>
        {error("user_ids") ? (
          <p id="reviewers-error" className="branch-form__error">
            {error("user_ids")}
          </p>
        ) : null}
      </fieldset>
      {groups.length > 0 ? (
        <fieldset>
          <legend>Groups</legend>
          <div className="branch-form__choices">
            {groups.map((group) => (
              <label key={group.id}>
                <input type="checkbox" name="channel_ids" value={group.id} /> {group.name}
              </label>
            ))}
          </div>
          {error("channel_ids") ? <p className="branch-form__error">{error("channel_ids")}</p> : null}
        </fieldset>
      ) : null}
    </>
  );
}
