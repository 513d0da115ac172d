interface Choice {
  id: number;
  name: string;
}

interface ReviewerPickersProps {
  people: Choice[];
  groups: Choice[];
  /** The API's messages by field (`user_ids`, `channel_ids`). */
  errors: Record<string, string[] | undefined>;
  /** The form's BEM block, for its hint, choices and error styles (`review-form`, `branch-form`). */
  block: string;
  /** What to say when nobody else is in the workspace. */
  nobody?: string;
}

/**
 * Who reviews: people and groups as checkboxes, named `user_ids` and `channel_ids` as the review
 * routes take them (a review request, and a branch sent for approval).
 */
export function ReviewerPickers({ people, groups, errors, block, nobody = "Nobody else is in this workspace yet." }: ReviewerPickersProps) {
  const error = (name: string) => errors[name]?.join(", ");
  return (
    <>
      <fieldset aria-describedby={error("user_ids") ? "reviewers-error" : undefined}>
        <legend>People</legend>
        {people.length === 0 ? <p className={`${block}__hint`}>{nobody}</p> : null}
        <div className={`${block}__choices`}>
          {people.map((person) => (
            <label key={person.id}>
              <input type="checkbox" name="user_ids" value={person.id} /> {person.name}
            </label>
          ))}
        </div>
        {error("user_ids") ? (
          <p id="reviewers-error" className={`${block}__error`}>
            {error("user_ids")}
          </p>
        ) : null}
      </fieldset>
      {groups.length > 0 ? (
        <fieldset>
          <legend>Groups</legend>
          <div className={`${block}__choices`}>
            {groups.map((group) => (
              <label key={group.id}>
                <input type="checkbox" name="channel_ids" value={group.id} /> {group.name}
              </label>
            ))}
          </div>
          {error("channel_ids") ? <p className={`${block}__error`}>{error("channel_ids")}</p> : null}
        </fieldset>
      ) : null}
    </>
  );
}
