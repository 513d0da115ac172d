import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthLayout } from "~/components/auth/AuthLayout";
import { testimonialsByStep } from "~/components/auth/testimonials";
import { FormAlert } from "~/components/ui/Field";
import { joinWorkspace } from "~/lib/invitations.server";
import { requireUser } from "~/lib/session.server";
import authStyles from "~/styles/auth.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: authStyles }];
export const meta: MetaFunction = () => [{ title: "Join a workspace · Brandwork" }];

/** A workspace's invitation link: signed-out visitors sign in (or sign up) first and come back here. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user } = await requireUser(request, context);
  return { token: params.token ?? "", user: { name: user.name, email: user.email } };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return joinWorkspace(request, context, params.token ?? "");
}

export default function Join() {
  const { token, user } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/join/");
  const error = actionData && "error" in actionData ? actionData.error : null;
  return (
    <AuthLayout testimonials={testimonialsByStep.continue}>
      <section className="auth-step">
        <div className="auth-step__header">
          <p className="eyebrow">Invitation link</p>
          <h1 className="auth-step__title">Join your team&apos;s workspace</h1>
          <p className="auth-step__lead">
            Someone shared their Brandwork workspace with you. Join it as <strong>{user.email}</strong> to see its brand kit,
            campaigns and documents.
          </p>
        </div>
        <FormAlert message={error?.message} />
        <Form method="post" className="auth-form">
          <button type="submit" className="button button--primary button--block" disabled={busy || Boolean(error)}>
            {busy ? "Joining…" : "Join workspace"}
          </button>
        </Form>
        <Form method="post" action="/logout" className="auth-step__switch">
          <input type="hidden" name="redirect_to" value={`/join/${token}`} />
          Not {user.name}?{" "}
          <button type="submit" className="link-button">
            Sign in with another account
          </button>
        </Form>
        <p className="auth-step__switch">
          <Link to="/">Go to my home page</Link>
        </p>
      </section>
    </AuthLayout>
  );
}
