import { data } from "@remix-run/cloudflare";
import type { ApiProblem } from "~/lib/api-rules";
import type { GroupActionResult } from "./types";

/** A failed action as the page shows it, with the API's status (so Remix does not revalidate on a 4xx). */
export function actionFailure(intent: string, problem: Pick<ApiProblem, "status" | "message" | "fields">, extra: Partial<GroupActionResult> = {}) {
  return data<GroupActionResult>(
    { intent, ok: false, message: problem.message, fields: problem.fields, ...extra },
    { status: problem.status >= 400 ? problem.status : 400 },
  );
}

/** A form's id field ("group_id", "request_id") as a positive whole number, or null. */
export function formId(form: FormData, name: string): number | null {
  const value = Number(form.get(name));
  return Number.isInteger(value) && value > 0 ? value : null;
}

export const badForm = (intent: string) =>
  actionFailure(intent, { status: 400, message: "That form was incomplete. Reload the page and try again.", fields: {} });
