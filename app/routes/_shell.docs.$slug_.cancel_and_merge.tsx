import type { MetaFunction } from "@remix-run/cloudflare";
import { BranchesErrorBoundary } from "~/components/branches/BranchesErrorBoundary";
import { branchLinks } from "~/components/branches/links";
import { MergePage } from "~/components/branches/MergePage";
import { mergeAction, mergeLoader } from "~/components/branches/merge.server";
import type { ShellHandle } from "./_shell";

/** SPEC section 2: `/docs/:slug/cancel_and_merge?branch=<id>` merges what was approved and drops pending suggestions. */
export const links = branchLinks;
export const handle: ShellHandle = { title: "Cancel suggestions and merge" };
export const loader = mergeLoader("cancel_and_merge");
export const action = mergeAction("cancel_and_merge");
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Cancel suggestions and merge · ${data.title} · Brandwork` : "Cancel suggestions and merge · Brandwork" }];
export default MergePage;
export { BranchesErrorBoundary as ErrorBoundary };
