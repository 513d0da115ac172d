import { conflictChoices, type ConflictChoice } from "../../../core/contracts/history";

/**
 * The merge form's choices (`conflict-<n>` radios) as the API's resolutions. Anything else in
 * the form is left out; the API still refuses a merge that leaves a conflict unchosen.
 */
export function resolutionsFrom(form: FormData) {
  const resolutions: { conflict: number; choose: ConflictChoice }[] = [];
  for (const [name, value] of form.entries()) {
    const match = /^conflict-(\d+)$/.exec(name);
    if (match && (conflictChoices as readonly string[]).includes(String(value))) resolutions.push({ conflict: Number(match[1]), choose: value as ConflictChoice });
  }
  return resolutions;
}
