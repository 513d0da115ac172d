import { count } from "../../core/counting";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { AuthLayout } from "~/components/auth/AuthLayout";
import { SocialButtons } from "~/components/auth/SocialButtons";
import { resolveStep, type LoginStep } from "~/components/auth/steps";
import { testimonialsByStep } from "~/components/auth/testimonials";
import { Field, FormAlert, SelectField } from "~/components/ui/Field";
import { companySizes, handleAuthAction, PASSWORD_MIN_LENGTH, type AuthFormError, type AuthIntent } from "~/lib/auth.server";
import { LOGIN_PATH, safeRedirectPath } from "~/lib/redirects";
import { getSession, setCookieHeaders } from "~/lib/session.server";
import { isOAuthProvider, oauthProviders, type OAuthProvider } from "../../worker/auth/oauth";
import { billingConfig } from "../../worker/services/billing/stripe-client";
import { TRIAL_DAYS } from "../../core/billing/plans";
import authStyles from "~/styles/auth.css?url";
import type { loader as rootLoader } from "~/root";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: authStyles }];

const titles: Record<LoginStep, string> = {
  continue: "Sign in or create an account",
  sign_in: "Sign in",
  password: "Enter your password",
  forgot_password: "Reset your password",
  check_inbox: "Check your inbox",
  create_account: "Create your account",
  start_free_trial: "Start your free trial",
  reset_password: "Choose a new password",
};

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${titles[data?.step ?? "continue"]} · Brandwork` },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  const step = resolveStep(params);
  const redirectTo = safeRedirectPath(params.get("redirect_to"), "") || null;
  const lookup = await getSession(request, context);
  const headers = setCookieHeaders(lookup.status === "signed_in" ? null : lookup.clearCookie);

  // Signed in already: only naming a first workspace or choosing a new password make sense here.
  if (lookup.status === "signed_in" && step !== "start_free_trial" && step !== "reset_password") {
    throw redirect(redirectTo ?? "/");
  }
  if (step === "start_free_trial" && lookup.status !== "signed_in") {
    const next = new URLSearchParams({ step: "create_account" });
    if (redirectTo) next.set("redirect_to", redirectTo);
    throw redirect(`${LOGIN_PATH}?${next}`, { headers });
  }

  return data(
    {
      step,
      redirectTo,
      email: params.get("email") ?? "",
      resent: params.get("resent") === "1",
      token: params.get("reset_password_token") ?? "",
      expired: params.get("expired") === "1" || lookup.status === "expired",
      oauthError: params.get("oauth_error")?.slice(0, 200) ?? null,
      linkProvider: isOAuthProvider(params.get("link_provider") ?? undefined)
        ? oauthProviders[params.get("link_provider") as OAuthProvider].label
        : null,
      firstName: lookup.status === "signed_in" ? lookup.session.user.first_name : null,
      // With Stripe keys the new workspace starts the Pro trial (no card); without, it has the server's default plan.
      trialDays: billingConfig(context.cloudflare.env) ? TRIAL_DAYS : null,
      passwordMinLength: PASSWORD_MIN_LENGTH,
      companySizes,
    },
    { headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleAuthAction(request, context);
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

/** `?step=…` links that keep `redirect_to` along the way. */
function stepHref(step: LoginStep, redirectTo: string | null, extra: Record<string, string> = {}) {
  const params = new URLSearchParams({ step, ...extra });
  if (redirectTo) params.set("redirect_to", redirectTo);
  return `${LOGIN_PATH}?${params}`;
}

function useAuthForm(intent: AuthIntent) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const error: AuthFormError | null =
    actionData && "error" in actionData && actionData.error.intent === intent ? actionData.error : null;
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const formRef = useRef<HTMLFormElement>(null);

  // After a refusal, put the keyboard where the problem is: the first bad field, else the alert.
  useEffect(() => {
    if (!error || !formRef.current) return;
    const target =
      formRef.current.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      formRef.current.querySelector<HTMLElement>('[role="alert"]');
    target?.focus();
  }, [error]);

  return { error, busy, formRef, fields: error?.fields ?? {} };
}

function Hidden({ intent, redirectTo }: { intent: AuthIntent; redirectTo: string | null }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      {redirectTo ? <input type="hidden" name="redirect_to" value={redirectTo} /> : null}
    </>
  );
}

function StepHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="auth-step__header">
      <h1 className="auth-step__title">{title}</h1>
      {children ? <p className="auth-step__lead">{children}</p> : null}
    </div>
  );
}

function Submit({ busy, children, busyLabel }: { busy: boolean; children: ReactNode; busyLabel: string }) {
  return (
    <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>
      {busy ? (
        <>
          <span className="spinner" aria-hidden="true" />
          {busyLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}

/** Unrecognised fields (not shown as inputs) still reach the person, in the alert. */
function alertMessage(error: AuthFormError | null, shown: string[]) {
  if (!error) return null;
  const hidden = Object.entries(error.fields).filter(([name]) => !shown.includes(name));
  if (!hidden.length) return error.message;
  return `${error.message} ${hidden.map(([name, messages]) => `${name.replaceAll("_", " ")} ${messages.join(", ")}`).join("; ")}`;
}

const EXPIRED_NOTICE = "Your session has ended. Sign in again to pick up where you left off.";

function ContinueStep({ redirectTo, email, expired, oauthError }: Loaded) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <>
      <StepHeader title="Welcome to Brandwork">
        Sign in or create an account to write campaigns, posts and emails in your brand&apos;s voice.
      </StepHeader>
      {expired ? <FormAlert tone="info" message={EXPIRED_NOTICE} /> : null}
      <FormAlert message={oauthError} />
      <SocialButtons configured={root?.ENV.OAUTH ?? { google: false, linkedin: false, microsoft: false, apple: false }} redirectTo={redirectTo} />
      <div className="divider" role="separator">
        <span>or</span>
      </div>
      <Form method="get" action={LOGIN_PATH} className="auth-form">
        <input type="hidden" name="step" value="password" />
        {redirectTo ? <input type="hidden" name="redirect_to" value={redirectTo} /> : null}
        <Field label="Email" name="email" type="email" autoComplete="email" required defaultValue={email} placeholder="you@company.com" />
        <button type="submit" className="button button--primary button--block">
          Continue with email
        </button>
      </Form>
      <p className="auth-step__switch">
        New to Brandwork? <Link to={stepHref("create_account", redirectTo)}>Create an account</Link>
      </p>
    </>
  );
}

function SignInStep({ redirectTo, email, expired }: Loaded) {
  const { error, busy, formRef, fields } = useAuthForm("sign_in");
  return (
    <>
      <StepHeader title="Sign in">Use your email and password.</StepHeader>
      {expired && !error ? <FormAlert tone="info" message={EXPIRED_NOTICE} /> : null}
      <Form method="post" className="auth-form" ref={formRef}>
        <Hidden intent="sign_in" redirectTo={redirectTo} />
        <FormAlert message={alertMessage(error, ["email", "password"])} />
        <Field label="Email" name="email" type="email" autoComplete="email" required defaultValue={email} errors={fields.email} />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          errors={fields.password}
          aside={<Link to={stepHref("forgot_password", redirectTo, email ? { email } : {})}>Forgot password?</Link>}
        />
        <Submit busy={busy} busyLabel="Signing in…">
          Sign in
        </Submit>
      </Form>
      <p className="auth-step__switch">
        New to Brandwork? <Link to={stepHref("create_account", redirectTo)}>Create an account</Link>
      </p>
      <p className="auth-step__switch">
        <Link to={stepHref("continue", redirectTo)}>Other ways to sign in</Link>
      </p>
    </>
  );
}

function PasswordStep(props: Loaded) {
  const { redirectTo, email, expired, linkProvider } = props;
  const { error, busy, formRef, fields } = useAuthForm("sign_in");
  const reset = useAuthForm("request_reset");
  return (
    <>
      <StepHeader title="Enter your password" />
      {expired && !error ? <FormAlert tone="info" message={EXPIRED_NOTICE} /> : null}
      {linkProvider && !error ? (
        <FormAlert
          tone="info"
          message={`This email is already registered. Enter its password to connect your ${linkProvider} account; after that, Continue with ${linkProvider} signs you in.`}
        />
      ) : null}
      <div className="email-chip">
        <span className="email-chip__address">{email}</span>
        <Link to={stepHref("continue", redirectTo, { email })} className="email-chip__change">
          Change
        </Link>
      </div>
      <Form method="post" className="auth-form" ref={formRef}>
        <Hidden intent="sign_in" redirectTo={redirectTo} />
        <input type="hidden" name="email" value={email} />
        <FormAlert message={alertMessage(error ?? reset.error, ["password"])} />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          autoFocus
          errors={fields.password}
          aside={
            <button type="submit" form="forgot-password" className="link-button" disabled={reset.busy}>
              {reset.busy ? "Sending link…" : "Forgot password?"}
            </button>
          }
        />
        <Submit busy={busy} busyLabel="Signing in…">
          Sign in
        </Submit>
      </Form>
      <Form method="post" id="forgot-password" hidden>
        <Hidden intent="request_reset" redirectTo={redirectTo} />
        <input type="hidden" name="email" value={email} />
      </Form>
      <p className="auth-step__switch">
        No account with this email yet? <Link to={stepHref("create_account", redirectTo, { email })}>Create one</Link>
      </p>
    </>
  );
}

function ForgotPasswordStep({ redirectTo, email }: Loaded) {
  const { error, busy, formRef, fields } = useAuthForm("request_reset");
  return (
    <>
      <StepHeader title="Reset your password">
        Enter the email you sign in with and we&apos;ll send you a link to choose a new password.
      </StepHeader>
      <Form method="post" className="auth-form" ref={formRef}>
        <Hidden intent="request_reset" redirectTo={redirectTo} />
        <FormAlert message={alertMessage(error, ["email"])} />
        <Field label="Email" name="email" type="email" autoComplete="email" required autoFocus defaultValue={email} errors={fields.email} />
        <Submit busy={busy} busyLabel="Sending link…">
          Send reset link
        </Submit>
      </Form>
      <p className="auth-step__switch">
        Remembered it? <Link to={stepHref("sign_in", redirectTo, email ? { email } : {})}>Back to sign in</Link>
      </p>
    </>
  );
}

function CheckInboxStep({ redirectTo, email, resent }: Loaded) {
  const { error, busy, formRef } = useAuthForm("request_reset");
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <>
      <div className="auth-step__icon" aria-hidden="true">
        <svg viewBox="0 0 48 48" width="56" height="56">
          <rect x="4" y="10" width="40" height="28" rx="6" fill="var(--accent-soft)" stroke="var(--accent)" strokeWidth="2" />
          <path d="m6 14 18 13 18-13" fill="none" stroke="var(--accent)" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
      <StepHeader title="Check your inbox">
        If an account exists for {email ? <strong>{email}</strong> : "that email"}, we sent it a link to choose a new password. The
        link works once and expires in 60 minutes.
      </StepHeader>
      <FormAlert message={error?.message} />
      {resent && !error && !busy ? <FormAlert tone="info" message="We sent the link again." /> : null}
      <p className="auth-step__note">Can&apos;t find it? Look in your spam folder, or send the link again.</p>
      <Form method="post" className="auth-form" ref={formRef}>
        <Hidden intent="request_reset" redirectTo={redirectTo} />
        <input type="hidden" name="email" value={email} />
        <input type="hidden" name="resend" value="1" />
        <button type="submit" className="button button--block" disabled={busy || !email}>
          {busy ? "Sending again…" : "Send the link again"}
        </button>
      </Form>
      {root && root.ENV.APP_ENV === "development" ? (
        <p className="auth-step__note auth-step__note--dev">
          Running without an email provider? The message is in the <a href="/dev/outbox">local outbox</a>.
        </p>
      ) : null}
      <p className="auth-step__switch">
        <Link to={stepHref("sign_in", redirectTo, email ? { email } : {})}>Back to sign in</Link>
      </p>
    </>
  );
}

function CreateAccountStep({ redirectTo, email, passwordMinLength }: Loaded) {
  const { error, busy, formRef, fields } = useAuthForm("sign_up");
  return (
    <>
      <StepHeader title="Create your account">Start writing in your brand&apos;s voice in a couple of minutes.</StepHeader>
      <Form method="post" className="auth-form" ref={formRef}>
        <Hidden intent="sign_up" redirectTo={redirectTo} />
        <FormAlert message={alertMessage(error, ["first_name", "last_name", "email", "password", "company"])} />
        <div className="field-row">
          <Field label="First name" name="first_name" autoComplete="given-name" required maxLength={60} errors={fields.first_name} />
          <Field label="Last name" name="last_name" autoComplete="family-name" required maxLength={60} errors={fields.last_name} />
        </div>
        <Field label="Work email" name="email" type="email" autoComplete="email" required defaultValue={email} errors={fields.email} />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={passwordMinLength}
          maxLength={128}
          errors={fields.password}
          hint={`At least ${count(passwordMinLength, "character")}.`}
        />
        <Field
          label="Company"
          name="company"
          autoComplete="organization"
          maxLength={80}
          errors={fields.company}
          aside={<span className="field__optional">Optional</span>}
          hint="We'll create your first workspace with this name."
        />
        <Submit busy={busy} busyLabel="Creating your account…">
          Create account
        </Submit>
      </Form>
      <p className="auth-step__switch">
        Already have an account? <Link to={stepHref("sign_in", redirectTo)}>Sign in</Link>
      </p>
    </>
  );
}

const teamTypes = ["Marketing", "Content", "Social media", "Agency", "Sales", "Founder or solo", "Other"];

function StartTrialStep({ redirectTo, firstName, companySizes, trialDays }: Loaded) {
  const { error, busy, formRef, fields } = useAuthForm("start_trial");
  return (
    <>
      <StepHeader title="Start your free trial">
        {firstName ? `Welcome, ${firstName}! ` : ""}Name your workspace: it holds your brand kit, campaigns and documents. You can
        invite your team next.
        {trialDays ? ` It starts with a ${trialDays}-day Pro trial, no card needed.` : ""}
      </StepHeader>
      <Form method="post" className="auth-form" ref={formRef}>
        <Hidden intent="start_trial" redirectTo={redirectTo} />
        <FormAlert message={alertMessage(error, ["name", "company_size", "team_type"])} />
        <Field label="Company or workspace name" name="name" autoComplete="organization" required maxLength={80} autoFocus errors={fields.name} />
        <div className="field-row">
          <SelectField label="Company size" name="company_size" defaultValue="" errors={fields.company_size}>
            <option value="">Choose…</option>
            {companySizes.map((size) => (
              <option key={size} value={size}>
                {size} people
              </option>
            ))}
          </SelectField>
          <SelectField label="Team" name="team_type" defaultValue="" errors={fields.team_type}>
            <option value="">Choose…</option>
            {teamTypes.map((team) => (
              <option key={team} value={team}>
                {team}
              </option>
            ))}
          </SelectField>
        </div>
        <Submit busy={busy} busyLabel="Setting up your workspace…">
          Start free trial
        </Submit>
      </Form>
      <p className="auth-step__switch">
        <Link to={redirectTo ?? "/"}>Skip for now</Link>
      </p>
    </>
  );
}

function ResetPasswordStep({ redirectTo, token, passwordMinLength }: Loaded) {
  const { error, busy, formRef, fields } = useAuthForm("reset_password");
  const tokenProblem = fields.token?.length ? error?.message : null;
  return (
    <>
      <StepHeader title="Choose a new password">Pick a password you don&apos;t use anywhere else.</StepHeader>
      {tokenProblem || !token ? (
        <>
          <FormAlert message={tokenProblem ?? "This reset link is incomplete. Ask for a new one."} />
          <Link className="button button--primary button--block" to={stepHref("forgot_password", redirectTo)}>
            Send me a new link
          </Link>
        </>
      ) : (
        <Form method="post" className="auth-form" ref={formRef}>
          <Hidden intent="reset_password" redirectTo={redirectTo} />
          <input type="hidden" name="token" value={token} />
          <FormAlert message={alertMessage(error, ["password", "password_confirmation", "token"])} />
          <Field
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            autoFocus
            minLength={passwordMinLength}
            maxLength={128}
            errors={fields.password}
            hint={`At least ${count(passwordMinLength, "character")}.`}
          />
          <Field
            label="Confirm password"
            name="password_confirmation"
            type="password"
            autoComplete="new-password"
            required
            minLength={passwordMinLength}
            maxLength={128}
            errors={fields.password_confirmation}
          />
          <Submit busy={busy} busyLabel="Saving…">
            Save password and sign in
          </Submit>
        </Form>
      )}
      <p className="auth-step__switch">
        <Link to={stepHref("sign_in", redirectTo)}>Back to sign in</Link>
      </p>
    </>
  );
}

const stepComponents: Record<LoginStep, (props: Loaded) => JSX.Element> = {
  continue: ContinueStep,
  sign_in: SignInStep,
  password: (props) => (props.email ? <PasswordStep {...props} /> : <SignInStep {...props} />),
  forgot_password: ForgotPasswordStep,
  check_inbox: CheckInboxStep,
  create_account: CreateAccountStep,
  start_free_trial: StartTrialStep,
  reset_password: ResetPasswordStep,
};

export default function LoginOrSignup() {
  const loaded = useLoaderData<typeof loader>();
  const Step = stepComponents[loaded.step];
  return (
    <AuthLayout testimonials={testimonialsByStep[loaded.step]}>
      <section className="auth-step" data-step={loaded.step}>
        <Step {...loaded} />
      </section>
    </AuthLayout>
  );
}
