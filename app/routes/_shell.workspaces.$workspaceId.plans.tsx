import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { TRIAL_DAYS } from "../../core/billing/plans";
import { AskAnAdmin } from "~/components/billing/AskAnAdmin";
import { plansPageData } from "~/components/billing/billing.server";
import { PaymentDialog } from "~/components/billing/PaymentDialog";
import { PlanCard } from "~/components/billing/PlanCard";
import { PageError } from "~/components/ui/PageError";
import styles from "~/styles/billing.css?url";
import dialogStyles from "~/styles/dialog.css?url";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "Plans" };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: dialogStyles },
  { rel: "stylesheet", href: styles },
];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Plans · ${data.workspace.name} · Brandwork` : "Plans · Brandwork" }];
export const loader = ({ request, context, params }: LoaderFunctionArgs) => plansPageData(request, context, params.workspaceId);

/** The four plans side by side, the current one marked; admins choose one (the Payment flow). */
export default function Plans() {
  const { workspace, billing, plans, admins } = useLoaderData<typeof loader>();
  const canManage = billing.policies["billing.manage"];
  const monthlyPro = plans.find((plan) => plan.id === "pro_monthly");
  const [search] = useSearchParams();
  return (
    <div className="page billing">
      <header>
        <h1 className="page__title">Plans</h1>
        <p className="muted">
          Prices are per seat: one for each admin and member, guests are free. Pro comes with a {TRIAL_DAYS}-day free trial, no card needed. Pay yearly for two
          months free. <Link to={`/workspaces/${workspace.id}/billing`}>Billing and usage</Link>
        </p>
      </header>
      {search.get("checkout") === "canceled" ? (
        <p className="billing-note" role="status">
          Checkout was canceled: nothing was charged and the plan is as it was.
        </p>
      ) : null}
      {!billing.configured ? (
        <p className="billing-notice" role="status">
          {billing.notice ?? "Billing is not configured on this server"}: every workspace here has the {billing.plan.name} plan.
        </p>
      ) : !canManage ? (
        <AskAnAdmin admins={admins} />
      ) : null}
      <ul className="plan-cards">
        {plans.map((plan) => (
          <PlanCard key={plan.id} plan={plan} billing={billing} workspaceId={workspace.id} monthlyPro={monthlyPro} />
        ))}
      </ul>
      <PaymentDialog plans={plans} billing={billing} workspaceId={workspace.id} />
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <PageError
      surface="plans"
      copy={{
        403: { title: "Plans are for workspace members", body: "Ask a workspace admin about this workspace's plan.", next: { to: "/", label: "Go home" } },
        404: { title: "Workspace not found", body: "It may have been deleted, or you are not a member.", next: { to: "/", label: "Go home" } },
      }}
    />
  );
}
