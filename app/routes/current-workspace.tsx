import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { switchWorkspace } from "~/lib/current-workspace.server";

/** POST /current-workspace: the workspace switcher. */
export async function action({ request, context }: ActionFunctionArgs) {
  return switchWorkspace(request, context);
}

export function loader() {
  return redirect("/");
}
