import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { signOut } from "~/lib/auth.server";

/** POST /logout: revokes the session on the server and clears the cookie, then to sign-in. */
export async function action({ request, context }: ActionFunctionArgs) {
  return signOut(request, context);
}

// Signing out only happens on purpose (a POST); a visit to /logout just goes home.
export function loader() {
  return redirect("/");
}
