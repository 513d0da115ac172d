import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLoaderData, useMatches } from "@remix-run/react";
import { useEffect } from "react";
import { AppShell } from "~/components/shell/AppShell";
import { workspaceNavItems } from "~/components/shell/navigation";
import { UserMenu } from "~/components/shell/UserMenu";
import { WorkspaceSwitcher } from "~/components/shell/WorkspaceSwitcher";
import { preferences } from "~/lib/preferences";
import { themeStyle } from "~/lib/theme";
import { requireUser } from "~/lib/session.server";

export interface ShellHandle {
  title: string;
}

/** Every page in the shell is for signed-in people: signed-out visitors go to sign in and come back. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, workspaces, currentWorkspace, setCookie } = await requireUser(request, context);
  return data(
    { user, workspaces, currentWorkspace },
    { headers: setCookie ? { "Set-Cookie": setCookie } : undefined },
  );
}

/** Pathless layout: every route under it renders inside the app shell. */
export default function ShellLayout() {
  const { user, workspaces, currentWorkspace } = useLoaderData<typeof loader>();
  const matches = useMatches();
  const title =
    [...matches].reverse().map((m) => (m.handle as ShellHandle | undefined)?.title).find(Boolean) ?? "Brandwork";

  // SPEC section 7 "Persistence": the workspaces list lives in session storage for the client.
  useEffect(() => {
    preferences.setWorkspaces(workspaces);
  }, [workspaces]);

  return (
    <div className="theme-root" style={themeStyle(currentWorkspace?.theme)}>
      <AppShell
        title={title}
        sidebarHeader={<WorkspaceSwitcher workspaces={workspaces} current={currentWorkspace} />}
        sidebarFooter={<UserMenu user={user} />}
        workspaceItems={currentWorkspace ? workspaceNavItems(currentWorkspace) : []}
      >
        <Outlet />
      </AppShell>
    </div>
  );
}
