import { count } from "../../core/counting";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthLayout } from "~/components/auth/AuthLayout";
import { testimonialsByStep } from "~/components/auth/testimonials";
import { Field, FormAlert } from "~/components/ui/Field";
import { acceptInvitation, loadInvitation, PASSWORD_MIN_LENGTH } from "~/lib/invitations.server";
import { LOGIN_PATH } from "~/lib/redirects";
import authStyles from "~/styles/auth.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: authStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title:
      data?.state.status === "ready" ? `Join ${data.state.invitation.workspaceName} · Brandwork` : "Invitation · Brandwork",
  },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  return { token, state: await loadInvitation(request, context, token), passwordMinLength: PASSWORD_MIN_LENGTH };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return acceptInvitation(request, context, params.token ?? "");
}

const article = (role: string) => (/^[aeiou]/i.test(role) ? "an" : "a");

export default function Invitation() {
  const { token, state, passwordMinLength } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const error = actionData && "error" in actionData ? actionData.error : null;
  const fields = error?.fields ?? {};
  // A problem with one field is said next to it; the alert is for everything else.
  const alert = error && !["first_name", "last_name", "password"].some((name) => fields[name]?.length) ? error.message : null;
  const here = `/invitations/${token}`;

  if (state.status !== "ready") {
    return (
      <AuthLayout testimonials={testimonialsByStep.continue}>
        <section className="auth-step">
          <div className="auth-step__header">
            <h1 className="auth-step__title">{state.status === "invalid" ? "This invitation can't be used" : "We couldn't open this invitation"}</h1>
            <p className="auth-step__lead">{state.message}</p>
          </div>
          <Link className="button button--primary button--block" to={LOGIN_PATH}>
            Go to sign in
          </Link>
        </section>
      </AuthLayout>
    );
  }

  const { invitation, signedInAs } = state;
  const sameUser = signedInAs?.toLowerCase() === invitation.email.toLowerCase();
  const signInHref = `${LOGIN_PATH}?${new URLSearchParams({ step: "password", email: invitation.email, redirect_to: here })}`;

  return (
    <AuthLayout testimonials={testimonialsByStep.create_account}>
      <section className="auth-step">
        <div className="auth-step__header">
          <p className="eyebrow">You&apos;re invited</p>
          <h1 className="auth-step__title">Join {invitation.workspaceName}</h1>
          <p className="auth-step__lead">
            {invitation.inviterName ? `${invitation.inviterName} invited ` : "You were invited as "}
            <strong>{invitation.email}</strong>
            {` as ${article(invitation.role)} ${invitation.role}`} to write and plan with the team on Brandwork.
          </p>
        </div>
        {invitation.message ? <blockquote className="invitation-message">{invitation.message}</blockquote> : null}
        <FormAlert message={alert} />

        {signedInAs && !sameUser ? (
          <>
            <FormAlert
              tone="info"
              message={`You're signed in as ${signedInAs}, but this invitation is for ${invitation.email}. Sign out, then open the invitation again.`}
            />
            <Form method="post">
              <input type="hidden" name="intent" value="sign_out" />
              <button type="submit" className="button button--block" disabled={busy}>
                {busy ? "Signing out…" : "Sign out and continue"}
              </button>
            </Form>
          </>
        ) : sameUser ? (
          <Form method="post" className="auth-form">
            <input type="hidden" name="workspace_id" value={invitation.workspaceId} />
            <button type="submit" className="button button--primary button--block" disabled={busy}>
              {busy ? "Joining…" : `Accept and open ${invitation.workspaceName}`}
            </button>
          </Form>
        ) : invitation.hasPassword ? (
          <>
            <p className="auth-step__note">You already have a Brandwork account. Sign in to accept.</p>
            <Link className="button button--primary button--block" to={signInHref}>
              Sign in to accept
            </Link>
          </>
        ) : (
          <Form method="post" className="auth-form">
            <input type="hidden" name="workspace_id" value={invitation.workspaceId} />
            <div className="field-row">
              <Field label="First name" name="first_name" autoComplete="given-name" required maxLength={60} errors={fields.first_name} />
              <Field label="Last name" name="last_name" autoComplete="family-name" required maxLength={60} errors={fields.last_name} />
            </div>
            <Field label="Email" name="email_display" type="email" value={invitation.email} readOnly disabled />
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
            <button type="submit" className="button button--primary button--block" disabled={busy}>
              {busy ? "Joining…" : "Accept and join"}
            </button>
          </Form>
        )}
      </section>
    </AuthLayout>
  );
}
