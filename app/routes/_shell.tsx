import { Outlet, useMatches } from "@remix-run/react";
import { AppShell } from "~/components/shell/AppShell";

export interface ShellHandle {
  title: string;
}

/** Pathless layout: every route under it renders inside the app shell. */
export default function ShellLayout() {
  const matches = useMatches();
  const title =
    [...matches].reverse().map((m) => (m.handle as ShellHandle | undefined)?.title).find(Boolean) ?? "Brandwork";
  return (
    <AppShell title={title}>
      <Outlet />
    </AppShell>
  );
}
