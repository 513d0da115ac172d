import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLoaderData, useMatches } from "@remix-run/react";
import { useEffect } from "react";
import { AppShell } from "~/components/shell/AppShell";
import { BillingBanner } from "~/components/billing/BillingBanner";
import { billingBanner as billingBannerOf } from "~/components/billing/billing.server";
import { InboxRailItem } from "~/components/inbox/InboxRailItem";
import { workspaceNavItems } from "~/components/shell/navigation";
import { UserMenu } from "~/components/shell/UserMenu";
import { WorkspaceSwitcher } from "~/components/shell/WorkspaceSwitcher";
import { preferences } from "~/lib/preferences";
import { requireUser, setCookieHeaders } from "~/lib/session.server";
import { signedOutDocumentRedirect } from "~/components/doc-page/doc-page.server";
import { sidebarFolderTree } from "~/components/shell/folderTree.server";
import { NewFolderDialog } from "~/components/folders/NewFolderDialog";
import { SearchDialog } from "~/components/search/SearchDialog";
import dialogStyles from "~/styles/dialog.css?url";
import sidebarFolderStyles from "~/styles/sidebar-folders.css?url";
import searchStyles from "~/styles/search.css?url";
import inboxStyles from "~/styles/inbox.css?url";

// The sidebar's folder tree and tabs, and the "New folder" dialog, are on every shell page.
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: dialogStyles },
  { rel: "stylesheet", href: sidebarFolderStyles },
  { rel: "stylesheet", href: searchStyles },
  { rel: "stylesheet", href: inboxStyles },
];

export interface ShellHandle {
  title: string;
}

/** Every page in the shell is for signed-in people: signed-out visitors go to sign in and come back. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  // Except documents shared with anyone holding the link: their reading view decides.
  signedOutDocumentRedirect(request);
  const { user, workspaces, currentWorkspace, setCookie } = await requireUser(request, context);
  const [folderTree, billingBanner] = await Promise.all([sidebarFolderTree(context, user.id, currentWorkspace), billingBannerOf(context, currentWorkspace)]);
  return data(
    { user, workspaces, currentWorkspace, folderTree, billingBanner },
    { headers: setCookieHeaders(setCookie) },
  );
}

/** Pathless layout: every route under it renders inside the app shell. */
export default function ShellLayout() {
  const { user, workspaces, currentWorkspace, billingBanner } = useLoaderData<typeof loader>();
  const matches = useMatches();
  const title =
    [...matches].reverse().map((m) => (m.handle as ShellHandle | undefined)?.title).find(Boolean) ?? "Brandwork";

  // SPEC section 7 "Persistence": the workspaces list lives in session storage for the client.
  useEffect(() => {
    preferences.setWorkspaces(workspaces);
  }, [workspaces]);

  return (
    // The workspace's theme and colour scheme are on <html> (app/root.tsx).
    <div className="theme-root">
      <AppShell
        title={title}
        sidebarHeader={<WorkspaceSwitcher workspaces={workspaces} current={currentWorkspace} />}
        sidebarFooter={<UserMenu user={user} />}
        workspaceItems={currentWorkspace ? workspaceNavItems(currentWorkspace) : []}
        topbarActions={currentWorkspace ? <SearchDialog workspaceId={currentWorkspace.id} /> : null}
        railExtra={currentWorkspace ? <InboxRailItem key={currentWorkspace.id} workspaceId={currentWorkspace.id} /> : null}
      >
        {currentWorkspace ? <BillingBanner banner={billingBanner} workspaceId={currentWorkspace.id} /> : null}
        <Outlet />
        <NewFolderDialog workspaceId={currentWorkspace?.id ?? null} />
      </AppShell>
    </div>
  );
}
