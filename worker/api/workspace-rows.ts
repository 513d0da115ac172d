import type { Context } from "hono";
import type { AppEnv } from "../lib/create-app";
import { NotFound } from "../lib/errors";
import { can, type Action, type Actor } from "../policies";
import { actorFor } from "../services/documents";
import { requestFacts } from "./articles";

/**
 * The actor for a row of `workspaceId` reached by its own id (`/brand_kits/:id`,
 * `/campaigns/:id`…), when they may `action` there. Everyone else, outsiders and guests
 * alike, gets the row's 404: they learn nothing about whether it exists.
 */
export async function actorForRow(c: Context<AppEnv>, workspaceId: number, action: Action, notFound: string): Promise<Actor> {
  const actor = await actorFor(c.get("db"), requestFacts(c), workspaceId);
  if (!can(actor, action)) throw new NotFound(notFound);
  return actor;
}
