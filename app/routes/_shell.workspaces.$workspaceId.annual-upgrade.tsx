import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { AnnualUpgrade } from "~/components/billing/AnnualUpgrade";
import { AskAnAdmin } from "~/components/billing/AskAnAdmin";
import { billingPageData } from "~/components/billing/billing.server";
import { hasSubscription } from "~/components/billing/PlanActions";
import { PageError } from "~/components/ui/PageError";
import styles from "~/styles/billing.css?url";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "Switch to annual" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Switch to annual · ${data.workspace.name} · Brandwork` : "Switch to annual · Brandwork" }];
export const loader = ({ request, context, params }: LoaderFunctionArgs) => billingPageData(request, context, params.workspaceId);

/** SPEC `/workspaces/:id/annual-upgrade`: monthly Pro to annual Pro, with the prorated charge shown before confirming. */
export default function AnnualUpgradePage() {
  const { workspace, billing, admins } = useLoaderData<typeof loader>();
  const plans = `/workspaces/${workspace.id}/plans`;
  const back = `/workspaces/${workspace.id}/billing`;
  let body;
  if (!billing.configured) {
    body = (
      <p className="billing-notice" role="status">
        {billing.notice ?? "Billing is not configured on this server"}: every workspace here has the {billing.plan.name} plan, and there is nothing to pay.
      </p>
    );
  } else if (billing.plan.id === "pro_annual" && hasSubscription(billing)) {
    body = (
      <div className="billing-banner billing-banner--ok" role="status">
        <p>
          <strong>{workspace.name} is on Pro (annual).</strong> Nothing to switch: it renews once a year. <Link to={back}>See billing</Link>
        </p>
      </div>
    );
  } else if (billing.plan.id !== "pro_monthly" || !hasSubscription(billing)) {
    body = (
      <p>
        Switching to annual is for workspaces paying for Pro monthly; {workspace.name} is on {billing.plan.name}
        {billing.status === "trialing" && !billing.paying ? " (trial)" : ""}. To pay yearly from the start, choose Pro (annual) on the{" "}
        <Link to={plans}>plans page</Link>.
      </p>
    );
  } else if (!billing.policies["billing.manage"]) {
    body = <AskAnAdmin admins={admins} what="switch the plan to annual" />;
  } else {
    body = <AnnualUpgrade billing={billing} workspaceId={workspace.id} />;
  }
  return (
    <div className="page billing">
      <header>
        <h1 className="page__title">Switch to annual billing</h1>
        <p className="muted">Pro (annual) is Pro paid once a year: two months free against paying monthly.</p>
      </header>
      <section className="billing-section">{body}</section>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <PageError
      surface="annual-upgrade"
      copy={{
        403: { title: "Billing is for workspace members", body: "Ask a workspace admin about this workspace's plan.", next: { to: "/", label: "Go home" } },
        404: { title: "Workspace not found", body: "It may have been deleted, or you are not a member.", next: { to: "/", label: "Go home" } },
      }}
    />
  );
}
