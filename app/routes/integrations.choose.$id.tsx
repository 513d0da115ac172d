import { redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { createDb } from "../../worker/db/client";
import { choosePending, connectedNotice, ConnectRefused, landingPath, readPending } from "../../worker/services/connections/flow";
import { ConnectionPage } from "~/components/connections/ConnectionPage";
import { requireUser } from "~/lib/session.server";
import styles from "~/styles/scheduling.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "Choose accounts to connect · Brandwork" }];

/**
 * `/integrations/choose/:id`: a sign-in brought several accounts (a profile and the pages it
 * manages); the person who connected picks which to connect, all preselected. The list waits
 * ten minutes, sealed, for that person only.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user, currentWorkspace } = await requireUser(request, context);
  const { env } = context.cloudflare;
  try {
    const { pending, entry, accounts } = await readPending({ db: createDb(env.DB), env }, params.id ?? "", { id: user.id, isSuperAdmin: user.is_super_admin });
    return {
      label: entry.connector.label,
      back: landingPath(pending.workspaceId, entry.target.kind, {}),
      // Only what the person needs to choose: never the credentials that came with them.
      accounts: accounts.map((account, index) => ({ index, name: account.displayName, handle: account.handle, network: account.network ?? null })),
    };
  } catch (error) {
    if (error instanceof ConnectRefused) throw redirect(landingPath(currentWorkspace?.id ?? null, "network", { error: error.message }));
    throw error;
  }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { user, currentWorkspace } = await requireUser(request, context);
  const { env } = context.cloudflare;
  const form = await request.formData();
  const chosen = form.getAll("account").map(Number).filter((n) => Number.isSafeInteger(n) && n >= 0);
  try {
    const result = await choosePending({ db: createDb(env.DB), env }, params.id ?? "", { id: user.id, isSuperAdmin: user.is_super_admin }, chosen);
    if (result.kind !== "connected") throw new Error("unreachable");
    return redirect(landingPath(result.workspaceId, result.target, { notice: connectedNotice(result) }));
  } catch (error) {
    if (error instanceof ConnectRefused) return redirect(landingPath(error.workspaceId ?? currentWorkspace?.id ?? null, error.target, { error: error.message }));
    throw error;
  }
}

export default function ChooseAccounts() {
  const { label, accounts, back } = useLoaderData<typeof loader>();
  const busy = useNavigation().state !== "idle";
  return (
    <ConnectionPage title={`Choose the ${label} accounts to connect`}>
      <Form method="post" className="choose-accounts">
        <fieldset>
          <legend>{label} gave access to these accounts. Untick any you do not want to post to.</legend>
          <ul className="choose-accounts__list">
            {accounts.map((account) => (
              <li key={account.index}>
                <label className="choose-accounts__item">
                  <input type="checkbox" name="account" value={account.index} defaultChecked />
                  <span>
                    <strong>{account.name}</strong>
                    {account.handle ? <span className="muted"> @{account.handle}</span> : null}
                    {account.network ? <span className="muted"> · {account.network}</span> : null}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <div className="choose-accounts__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? "Connecting…" : "Connect the chosen accounts"}
          </button>
          <Link to={back} className="button">
            Cancel
          </Link>
        </div>
      </Form>
    </ConnectionPage>
  );
}
