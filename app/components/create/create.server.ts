import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq, ne } from "drizzle-orm";
import { socialAccounts } from "../../../worker/db/schema";
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

/** `/create/social-post`: what every create page needs, and the accounts its draft can be saved for. */
export async function socialPostPage(request: Request, context: AppLoadContext) {
  const page = await createPage(request, context);
  const { db, actor } = await requireWorkspaceActor(request, context, String(page.workspace.id));
  const accounts = can(actor, "posts.schedule")
    ? await db
        .select({ id: socialAccounts.id, name: socialAccounts.displayName, network: socialAccounts.network })
        .from(socialAccounts)
        .where(and(eq(socialAccounts.workspaceId, page.workspace.id), ne(socialAccounts.state, "disconnected")))
        .orderBy(asc(socialAccounts.displayName))
    : [];
  return { ...page, accounts, canSchedule: can(actor, "posts.schedule") };
}
