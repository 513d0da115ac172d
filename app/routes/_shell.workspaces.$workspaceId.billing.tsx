import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { AskAnAdmin } from "~/components/billing/AskAnAdmin";
import { billingPageData } from "~/components/billing/billing.server";
import { CheckoutBanner } from "~/components/billing/CheckoutBanner";
import { Invoices } from "~/components/billing/Invoices";
import { PaymentMethod, UpdatePaymentMethodDialog } from "~/components/billing/PaymentMethod";
import { CancelDialog, CancelNotice, hasSubscription, PlanActions } from "~/components/billing/PlanActions";
import { PlanStatus } from "~/components/billing/PlanStatus";
import { SeatsPanel } from "~/components/billing/SeatsPanel";
import { UsageMeters } from "~/components/billing/UsageMeters";
import { PageError } from "~/components/ui/PageError";
import styles from "~/styles/billing.css?url";
import dialogStyles from "~/styles/dialog.css?url";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "Billing" };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: dialogStyles },
  { rel: "stylesheet", href: styles },
];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Billing · ${data.workspace.name} · Brandwork` : "Billing · Brandwork" }];
export const loader = ({ request, context, params }: LoaderFunctionArgs) => billingPageData(request, context, params.workspaceId);

/** The workspace's plan and status, usage, seats, card, invoices, and cancel or resume. */
export default function Billing() {
  const { workspace, billing, admins, invoices } = useLoaderData<typeof loader>();
  const [search] = useSearchParams();
  const canManage = billing.policies["billing.manage"];
  const subscribed = hasSubscription(billing);
  const showCard = billing.configured && canManage && (subscribed || billing.card !== null || billing.status === "canceled");

  return (
    <div className="page billing">
      <header>
        <h1 className="page__title">Billing</h1>
        <p className="muted">The plan of {workspace.name}, what it allows and how much of it is used.</p>
      </header>
      {search.get("checkout") === "success" && billing.configured ? <CheckoutBanner billing={billing} /> : null}
      <CancelNotice billing={billing} />
      <PlanStatus
        billing={billing}
        workspaceId={workspace.id}
        actions={canManage ? <PlanActions billing={billing} workspaceId={workspace.id} /> : null}
        readOnlyNote={!canManage && billing.configured ? <AskAnAdmin admins={admins} /> : null}
      />
      <UsageMeters usage={billing.usage} resetsAt={billing.usage_resets_at} />
      {canManage && billing.paying ? <SeatsPanel billing={billing} workspaceId={workspace.id} /> : null}
      {showCard ? <PaymentMethod billing={billing} /> : null}
      {canManage && billing.configured ? <Invoices invoices={invoices} /> : null}
      {canManage && billing.configured ? (
        <>
          <UpdatePaymentMethodDialog workspaceId={workspace.id} />
          <CancelDialog billing={billing} workspaceId={workspace.id} />
        </>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <PageError
      surface="billing"
      copy={{
        403: { title: "Billing is for workspace members", body: "Ask a workspace admin about this workspace's plan.", next: { to: "/", label: "Go home" } },
        404: { title: "Workspace not found", body: "It may have been deleted, or you are not a member.", next: { to: "/", label: "Go home" } },
      }}
    />
  );
}
