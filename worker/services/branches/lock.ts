import { editsGoThroughBranches, LOCKED_MAIN_MESSAGE } from "../../../core/history/version-control";
import type { Article } from "../../db/schema";
import { HttpError } from "../../lib/errors";
import type { Actor } from "../../policies";

/** 409 `version_controlled`: the client offers to start a branch instead. */
export class MainLocked extends HttpError {
  constructor() {
    super(409, LOCKED_MAIN_MESSAGE, "version_controlled");
  }
}

/**
 * Refuses a write to a document's main body that version-control mode sends through branches
 * (core/history/version-control.ts). Every body writer asks it before writing anything: API
 * saves and room saves (articleUpdater), todo ticks, settled suggestions, AI revisions. A
 * branch merge and a history restore say so to articleUpdater and are let through.
 */
export function assertMainEditable(actor: Pick<Actor, "workspaceSettings">, article: Pick<Article, "status" | "isPublic">) {
  if (editsGoThroughBranches(actor.workspaceSettings, article)) throw new MainLocked();
}
