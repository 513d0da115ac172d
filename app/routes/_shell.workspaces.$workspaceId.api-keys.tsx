import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { apiKeysPage } from "~/components/api-keys/api-keys.server";
import { KeySection } from "~/components/api-keys/KeySection";
import { PageError } from "~/components/ui/PageError";
import dialogStyles from "~/styles/dialog.css?url";
import styles from "~/styles/api-keys.css?url";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "API keys" };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: dialogStyles },
  { rel: "stylesheet", href: styles },
];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `API keys · ${data.workspace.name} · Brandwork` : "API keys · Brandwork" }];
export const loader = ({ request, context, params }: LoaderFunctionArgs) => apiKeysPage(request, context, params.workspaceId);

/** Where the API is described (the reference page renders /v1/openapi.json). */
const REFERENCE = "/v1/docs";

/** Workspace API keys (admins) and the signed-in person's own tokens: create, see once, list, revoke, recent calls. */
export default function ApiKeys() {
  const { workspace, workspaceKeys, personalTokens, canSee, canManage, admins } = useLoaderData<typeof loader>();
  // The server renders in UTC; the browser then shows its own zone (no hydration mismatch).
  const [zone, setZone] = useState("UTC");
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone), []);
  const reference = (
    <a href={REFERENCE} target="_blank" rel="noreferrer">
      API reference
    </a>
  );

  return (
    <div className="page api-keys">
      <header>
        <h1 className="page__title">API keys</h1>
        <p className="muted">
          Keys let tools like Zapier, Make or your own scripts use Brandwork&apos;s API: read documents and posts, write drafts, schedule and publish. Send one as{" "}
          <code>Authorization: Bearer bw_…</code>; the {reference} lists every route and the scope it needs.
        </p>
      </header>

      {canSee ? (
        <KeySection
          id="workspace-keys"
          title="Workspace API keys"
          intro={`A workspace key belongs to ${workspace.name}, not to a person: it keeps working when whoever made it leaves, and what it writes shows the key's name.`}
          keys={workspaceKeys}
          noun="workspace key"
          path={`/w/${workspace.id}/api_keys`}
          canManage={canManage}
          readOnlyNote={
            <>
              Only workspace admins can create, revoke and audit workspace keys
              {admins.length ? `: ask ${admins.join(", ")}.` : "."} You can make a personal token below.
            </>
          }
          empty={
            <p>
              No workspace keys yet. {canManage ? "Create one for each tool that connects to this workspace, so each can be revoked alone." : "When an admin connects a tool, its key is listed here."}{" "}
              See the {reference} for what a key can do.
            </p>
          }
          zone={zone}
        />
      ) : (
        <p className="api-keys__note">Workspace keys are for members of {workspace.name}; your personal tokens are below.</p>
      )}

      <KeySection
        id="personal-tokens"
        title="Your personal tokens"
        intro="A personal token acts as you, in every workspace you belong to, with no more than your own permissions and the scopes you give it. Revoke it when the script is done."
        keys={personalTokens}
        noun="personal token"
        path="/users/self/tokens"
        canManage
        empty={<p>You have no personal tokens. Make one to call the API as yourself from a script; the {reference} has examples.</p>}
        zone={zone}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <PageError
      surface="api-keys"
      copy={{
        403: { title: "API keys are not available to you here", body: "Ask a workspace admin for access.", next: { to: "/", label: "Go home" } },
        404: { title: "Workspace not found", body: "It may have been deleted, or you are not a member.", next: { to: "/", label: "Go home" } },
      }}
    />
  );
}
