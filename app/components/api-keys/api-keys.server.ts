import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, eq } from "drizzle-orm";
import { memberships, users } from "../../../worker/db/schema";
import { can } from "../../../worker/policies";
import { presentApiKey } from "../../../worker/presenters/api-keys";
import { fullName } from "../../../worker/presenters/users";
import { personalTokensListed, workspaceKeysListed } from "../../../worker/services/api-keys/reads";
import { requireWorkspaceActor } from "~/lib/workspace.server";

/**
 * The API keys screen's first paint: the workspace's keys (members and up see them, admins
 * manage them) and the signed-in person's own tokens, through the same reads and presenter the
 * API answers with. For those who cannot create workspace keys, the admins who can.
 */
export async function apiKeysPage(request: Request, context: AppLoadContext, workspaceIdParam: string | undefined) {
  const { db, actor, workspace } = await requireWorkspaceActor(request, context, workspaceIdParam);
  const canSee = can(actor, "api_keys.read");
  const canManage = can(actor, "api_keys.manage");
  const [keys, tokens, admins] = await Promise.all([
    canSee ? workspaceKeysListed(db, workspace.id) : [],
    personalTokensListed(db, actor.userId),
    canManage
      ? []
      : db
          .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(and(eq(memberships.workspaceId, workspace.id), eq(memberships.role, "admin"), eq(memberships.status, "active")))
          .orderBy(asc(users.firstName))
          .limit(5),
  ]);
  return {
    workspace: { id: workspace.id, name: workspace.name },
    workspaceKeys: keys.map(presentApiKey),
    personalTokens: tokens.map(presentApiKey),
    canSee,
    canManage,
    admins: admins.map(fullName),
  };
}
