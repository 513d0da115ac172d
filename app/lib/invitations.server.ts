import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type * as z from "zod";
import { PASSWORD_MIN_LENGTH, type signUpSchema } from "../../core/contracts/users";
import type { presentInvitationPreview } from "../../worker/presenters/members";
import type { ApiProblem } from "./api-rules";
import { callApi } from "./api.server";
import { authStateFor } from "./auth-cookie";
import { authCookies, clearedAuthCookies, getSession, requireUser, setCookieHeaders } from "./session.server";

/**
 * Member invitations (/invitations/:token) and workspace links (/join/:token). The API
 * routes own the rules; these run them in-process and keep the session cookie in step.
 */

export interface InvitationPreview {
  email: string;
  workspaceId: number;
  workspaceName: string;
  inviterName: string | null;
  role: string;
  message: string | null;
  /** Whether the invited person already has a password (then they sign in to accept). */
  hasPassword: boolean;
}

/** GET /v1/invitations/:token's answer (a type-only import: nothing from the Worker reaches the browser). */
export type InvitationAnswer = ReturnType<typeof presentInvitationPreview>;

export function readInvitation(answer: InvitationAnswer): InvitationPreview {
  return {
    email: answer.email,
    workspaceId: answer.workspace.id,
    workspaceName: answer.workspace.name,
    inviterName: answer.inviter?.name ?? null,
    role: answer.role,
    message: answer.message,
    hasPassword: answer.has_password,
  };
}

export type InvitationState =
  | { status: "ready"; invitation: InvitationPreview; signedInAs: string | null }
  | { status: "invalid"; message: string }
  | { status: "error"; message: string };

export async function loadInvitation(request: Request, context: AppLoadContext, token: string): Promise<InvitationState> {
  const lookup = await getSession(request, context);
  const authorization = lookup.status === "signed_in" ? lookup.session.auth.headers.Authorization : null;
  const result = await callApi<InvitationAnswer>(context, request, "GET", `/invitations/${encodeURIComponent(token)}`, { authorization });
  if (!result.ok) {
    // 404: used, expired, withdrawn or never existed; the API's sentence says what to do next.
    if (result.status === 404 || result.status === 400) return { status: "invalid", message: result.problem.message };
    return { status: "error", message: result.problem.message };
  }
  const invitation = readInvitation(result.data);
  return {
    status: "ready",
    invitation,
    signedInAs: lookup.status === "signed_in" ? lookup.session.user.email : null,
  };
}

const fail = (problem: ApiProblem) =>
  data({ error: { message: problem.message, fields: problem.fields } }, { status: problem.status || 400 });

/** Accepts as the signed-in user, or creates the invited user's password and name and signs them in. */
export async function acceptInvitation(request: Request, context: AppLoadContext, token: string) {
  const form = await request.formData();
  const workspaceId = Number(form.get("workspace_id")) || null;
  const lookup = await getSession(request, context);
  const path = `/invitations/${encodeURIComponent(token)}/accept`;

  if (form.get("intent") === "sign_out") {
    // Signed in as someone else: sign out and come straight back, so the invited person can accept.
    if (lookup.status === "signed_in") {
      await callApi(context, request, "DELETE", "/users/sign_out", { authorization: lookup.session.auth.headers.Authorization });
    }
    return redirect(`/invitations/${encodeURIComponent(token)}`, { headers: setCookieHeaders(clearedAuthCookies(request)) });
  }

  if (lookup.status === "signed_in") {
    const { auth } = lookup.session;
    const result = await callApi(context, request, "POST", path, { authorization: auth.headers.Authorization });
    if (!result.ok) return fail(result.problem);
    const authorization = result.headers.get("Authorization") ?? auth.headers.Authorization;
    const state = { ...auth, headers: { Authorization: authorization }, last_workspace_id: workspaceId, company_id: workspaceId };
    return redirect("/", { headers: setCookieHeaders(authCookies(request, state)) });
  }

  const user: Omit<z.input<typeof signUpSchema>["user"], "email"> = {
    first_name: String(form.get("first_name") ?? ""),
    last_name: String(form.get("last_name") ?? ""),
    password: String(form.get("password") ?? ""),
  };
  const result = await callApi(context, request, "POST", path, { body: { user } });
  if (!result.ok) return fail(result.problem);
  const authorization = result.headers.get("Authorization");
  if (!authorization) return fail({ status: 500, message: "The invitation was accepted, but signing in failed. Sign in to continue.", fields: {}, retryAfter: null });
  return redirect("/", { headers: setCookieHeaders(authCookies(request, authStateFor(authorization, workspaceId))) });
}

/** POST /v1/w/join/:token as the signed-in user; the joined workspace becomes current. */
export async function joinWorkspace(request: Request, context: AppLoadContext, token: string) {
  const session = await requireUser(request, context);
  const result = await callApi<{ id: number; name: string }>(context, request, "POST", `/w/join/${encodeURIComponent(token)}`, {
    authorization: session.auth.headers.Authorization,
  });
  if (!result.ok) return fail(result.problem);
  const state = { ...session.auth, last_workspace_id: result.data.id, company_id: result.data.id };
  return redirect("/", { headers: setCookieHeaders(authCookies(request, state)) });
}

export { PASSWORD_MIN_LENGTH };
