import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type * as z from "zod";
import type {
  passwordResetRequestSchema,
  passwordResetSchema,
  signInSchema,
  signUpSchema,
} from "../../core/contracts/users";
import { companyFields, type createWorkspaceSchema } from "../../core/contracts/workspaces";
import { PASSWORD_MIN_LENGTH } from "../../core/contracts/users";
import type { ApiProblem } from "./api-rules";
import { callApi } from "./api.server";
import { clearedOAuthLinkCookie, readOAuthLinkCookie } from "./oauth.server";
import { authStateFor, authStateFromCookieHeader } from "./auth-cookie";
import { authCookies, clearedAuthCookies, getSession, setCookieHeaders } from "./session.server";
import { LOGIN_PATH, loginUrl, safeRedirectPath } from "./redirects";

/**
 * What the sign-in page's forms do. Each intent runs the API route in-process, so
 * throttling, validation and email stay in one place, then stores the session cookie and
 * sends the browser on, or answers the form with the problem to show.
 */

/** The company sizes the workspace contract accepts, for the free-trial step's select. */
export const companySizes = companyFields.company_size.unwrap().unwrap().options;
type CompanySize = (typeof companySizes)[number];

export const authIntents = ["sign_in", "sign_up", "request_reset", "reset_password", "start_trial"] as const;
export type AuthIntent = (typeof authIntents)[number];

export interface AuthFormError {
  intent: AuthIntent | null;
  message: string;
  fields: Record<string, string[]>;
  retryAfter: number | null;
}

interface SignedInUser {
  id: number;
  last_workspace_id: number | null;
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

function fail(intent: AuthIntent | null, problem: Pick<ApiProblem, "message" | "fields" | "retryAfter" | "status">) {
  const body: AuthFormError = { intent, message: problem.message, fields: problem.fields, retryAfter: problem.retryAfter };
  return data({ error: body }, { status: problem.status || 400 });
}

/** Where the page goes next, keeping `redirect_to` (already sanitised) along the steps. */
function stepUrl(step: string, redirectTo: string | null, extra: Record<string, string> = {}) {
  const params = new URLSearchParams({ step, ...extra });
  if (redirectTo) params.set("redirect_to", redirectTo);
  return `${LOGIN_PATH}?${params}`;
}

function signedInRedirect(request: Request, to: string, authorization: string, user: SignedInUser, extraCookies: string[] = []) {
  return redirect(to, { headers: setCookieHeaders(authCookies(request, authStateFor(authorization, user.last_workspace_id)), extraCookies) });
}

export async function handleAuthAction(request: Request, context: AppLoadContext) {
  const form = await request.formData();
  const intent = text(form, "intent") as AuthIntent;
  const rawRedirect = text(form, "redirect_to");
  const redirectTo = rawRedirect ? safeRedirectPath(rawRedirect, "") || null : null;
  const destination = redirectTo ?? "/";

  switch (intent) {
    case "sign_in": {
      const domain = new URL(request.url).searchParams.get("domain");
      // An OAuth identity waiting for this account's password is linked by the API on success.
      const oauthLink = readOAuthLinkCookie(request);
      const body: z.input<typeof signInSchema> = {
        domain: domain || null,
        user: { email: text(form, "email"), password: text(form, "password") },
        oauth_link: oauthLink,
      };
      const result = await callApi<SignedInUser>(context, request, "POST", "/users/sign_in", { body });
      if (!result.ok) return fail(intent, result.problem);
      const cleared = oauthLink ? [clearedOAuthLinkCookie(request)] : [];
      return signedInRedirect(request, destination, result.headers.get("Authorization")!, result.data, cleared);
    }

    case "sign_up": {
      const company = text(form, "company").trim();
      const body: z.input<typeof signUpSchema> = {
        user: {
          first_name: text(form, "first_name"),
          last_name: text(form, "last_name"),
          email: text(form, "email"),
          password: text(form, "password"),
          company: company || null,
        },
      };
      const result = await callApi<SignedInUser>(context, request, "POST", "/users", { body });
      if (!result.ok) return fail(intent, result.problem);
      // With a company the account arrives with its workspace; without, the trial step names one.
      const next = company ? destination : stepUrl("start_free_trial", redirectTo);
      return signedInRedirect(request, next, result.headers.get("Authorization")!, result.data);
    }

    case "request_reset": {
      const email = text(form, "email").trim();
      const body: z.input<typeof passwordResetRequestSchema> = {
        email,
        // The emailed link comes back here, to the "choose a new password" step.
        redirect_url: stepUrl("reset_password", redirectTo),
      };
      const result = await callApi(context, request, "POST", "/users/password", { body });
      if (!result.ok) return fail(intent, result.problem);
      const params: Record<string, string> = { email: email.toLowerCase() };
      if (text(form, "resend") === "1") params.resent = "1";
      return redirect(stepUrl("check_inbox", redirectTo, params));
    }

    case "reset_password": {
      const password = text(form, "password");
      if (password !== text(form, "password_confirmation")) {
        return fail(intent, {
          status: 422,
          message: "The two passwords don't match.",
          fields: { password_confirmation: ["doesn't match the password"] },
          retryAfter: null,
        });
      }
      const body: z.input<typeof passwordResetSchema> = { token: text(form, "token"), password };
      const result = await callApi<SignedInUser>(context, request, "PUT", "/password-reset", { body });
      if (!result.ok) return fail(intent, result.problem);
      return signedInRedirect(request, destination, result.headers.get("Authorization")!, result.data);
    }

    case "start_trial": {
      const lookup = await getSession(request, context);
      if (lookup.status !== "signed_in") {
        return redirect(stepUrl("create_account", redirectTo), {
          headers: setCookieHeaders(lookup.clearCookie),
        });
      }
      const size = text(form, "company_size");
      const companySize = companySizes.includes(size as CompanySize) ? (size as CompanySize) : null;
      const teamType = text(form, "team_type").trim();
      const body: z.input<typeof createWorkspaceSchema> = {
        company: {
          name: text(form, "name"),
          company_size: companySize,
          team_type: teamType || null,
          is_freemium: true,
        },
      };
      const { auth } = lookup.session;
      const result = await callApi<{ id: number }>(context, request, "POST", "/w", {
        body,
        authorization: auth.headers.Authorization,
      });
      if (!result.ok) return fail(intent, result.problem);
      // The step's promise: the named workspace starts its free trial. Where billing is off (409)
      // there is no trial to start and the workspace already has the default plan.
      await callApi(context, request, "POST", `/w/${result.data.id}/billing/trial`, { authorization: auth.headers.Authorization });
      const state = { ...auth, last_workspace_id: result.data.id, company_id: result.data.id };
      return redirect(destination, { headers: setCookieHeaders(authCookies(request, state)) });
    }

    default:
      return fail(null, { status: 400, message: "Unknown form. Please reload the page.", fields: {}, retryAfter: null });
  }
}

/** DELETE /v1/users/sign_out (revoking the token server-side), then forget it here too. */
export async function signOut(request: Request, context: AppLoadContext) {
  const form = await request.formData().catch(() => null);
  const back = form?.get("redirect_to");
  const auth = authStateFromCookieHeader(request.headers.get("Cookie"));
  // A token that no longer works answers 401 here; either way this browser forgets it.
  if (auth) await callApi(context, request, "DELETE", "/users/sign_out", { authorization: auth.headers.Authorization });
  const to = typeof back === "string" && back ? loginUrl(back) : LOGIN_PATH;
  return redirect(to, { headers: setCookieHeaders(clearedAuthCookies(request)) });
}

export { PASSWORD_MIN_LENGTH };
