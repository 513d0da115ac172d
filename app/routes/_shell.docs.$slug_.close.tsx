import type { MetaFunction } from "@remix-run/cloudflare";
import { BranchesErrorBoundary } from "~/components/branches/BranchesErrorBoundary";
import { branchLinks } from "~/components/branches/links";
import { MergePage } from "~/components/branches/MergePage";
import { mergeAction, mergeLoader } from "~/components/branches/merge.server";
import type { ShellHandle } from "./_shell";

/** SPEC section 2: `/docs/:slug/close?branch=<id>` merges a branch into main (three-way, conflicts chosen by the merger). */
export const links = branchLinks;
export const handle: ShellHandle = { title: "Merge a branch" };
export const loader = mergeLoader("close");
export const action = mergeAction("close");
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Merge a branch · ${data.title} · Brandwork` : "Merge a branch · Brandwork" }];
export default MergePage;
export { BranchesErrorBoundary as ErrorBoundary };
