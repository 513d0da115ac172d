/**
 * The sign-in page's steps (SPEC section 2), each a `?step=` value so the back button,
 * links in emails and pages without JavaScript all land on the right one.
 */
export const loginSteps = [
  "continue",
  "sign_in",
  "password",
  "forgot_password",
  "check_inbox",
  "create_account",
  "start_free_trial",
  "reset_password",
] as const;

export type LoginStep = (typeof loginSteps)[number];

/** A reset token in the URL always means "choose a new password". */
export function resolveStep(params: URLSearchParams): LoginStep {
  if (params.get("reset_password_token")) return "reset_password";
  const step = params.get("step");
  return loginSteps.includes(step as LoginStep) ? (step as LoginStep) : "continue";
}
