import type { MetaFunction } from "@remix-run/cloudflare";
import { BranchesErrorBoundary } from "~/components/branches/BranchesErrorBoundary";
import { branchLinks } from "~/components/branches/links";
import { StartBranchPage } from "~/components/branches/StartBranchPage";
import { startBranchAction, startBranchLoader } from "~/components/branches/start-branch.server";
import type { ShellHandle } from "./_shell";

/** SPEC section 2: `/docs/:slug/activity/:eventId/branch/:parent_version?`: the start-a-branch page, from an activity entry. */
export const links = branchLinks;
export const handle: ShellHandle = { title: "Start a branch" };
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Start a branch · ${data.title} · Brandwork` : "Start a branch · Brandwork" }];
export const loader = startBranchLoader;
export const action = startBranchAction;
export default StartBranchPage;
export { BranchesErrorBoundary as ErrorBoundary };
