import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { can } from "../../../worker/policies";
import { chooseProvider } from "../../../worker/services/ai";
import { workspaceBrandKits } from "../../../worker/services/brand-kits";
import { requireUser } from "~/lib/session.server";
import { requireWorkspaceActor } from "~/lib/workspace.server";

/** What a /create page needs: the current workspace, its brand kits and who is writing. */
export async function createPage(request: Request, context: AppLoadContext) {
  const { currentWorkspace } = await requireUser(request, context);
  if (!currentWorkspace) throw data("Create or join a workspace first", { status: 404 });
  const { db, actor, workspace } = await requireWorkspaceActor(request, context, String(currentWorkspace.id));
  if (!can(actor, "content.generate")) throw data("Generating content is for workspace members", { status: 403 });
  const kits = await workspaceBrandKits(db, workspace.id);
  const provider = chooseProvider(context.cloudflare.env);
  return {
    workspace: { id: workspace.id, name: workspace.name },
    kits: kits.map((kit) => ({ id: kit.id, name: kit.name, isDefault: kit.isDefault })),
    provider: { id: provider.id, label: provider.label },
  };
}
