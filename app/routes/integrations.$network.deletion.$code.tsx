import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { createDb } from "../../worker/db/client";
import { CALLBACK_NETWORKS, deletionStatus } from "../../worker/services/connections/network-callbacks";
import { count } from "../../core/counting";
import { ConnectionPage } from "~/components/connections/ConnectionPage";

export const meta: MetaFunction = () => [{ title: "Data deletion · Brandwork" }];

/** The status page a network links to after a data-deletion request: what was deleted, and when. */
export async function loader({ context, params }: LoaderFunctionArgs) {
  const network = CALLBACK_NETWORKS[params.network ?? ""];
  const { env } = context.cloudflare;
  const row = network ? await deletionStatus(createDb(env.DB), network, params.code ?? "") : null;
  if (!network || !row) throw data("No deletion request has this confirmation code.", { status: 404 });
  return { network: network.label, code: row.code, accounts: row.accounts, deletedAt: new Date(row.deletedAt).toISOString() };
}

export default function DeletionStatus() {
  const status = useLoaderData<typeof loader>();
  return (
    <ConnectionPage title={`Your data from ${status.network} was deleted`}>
      <p>
        Confirmation code <code>{status.code}</code>.
      </p>
      <p>
        On {new Date(status.deletedAt).toUTCString()}, Brandwork erased the access tokens of {count(status.accounts, "connected account")} that came
        through {status.network} for you, and disconnected them. Posts that were waiting for those accounts were cancelled. Nothing we held from{" "}
        {status.network} about you remains.
      </p>
    </ConnectionPage>
  );
}
