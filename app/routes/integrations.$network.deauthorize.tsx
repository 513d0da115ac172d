import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { createDb } from "../../worker/db/client";
import { CALLBACK_NETWORKS, deauthorizeOwner, signedUser, SignedRequestRefused } from "../../worker/services/connections/network-callbacks";

/**
 * `POST /integrations/meta/deauthorize` (Meta's "Deauthorize Callback URL"): the person removed
 * our app; with a signed_request verified with the app secret, every account they brought
 * needs reconnecting and its connector is told. Anything unsigned is a 400.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const network = CALLBACK_NETWORKS[params.network ?? ""];
  if (!network) return Response.json({ error: "not_found" }, { status: 404 });
  const { env } = context.cloudflare;
  const form = await request.formData().catch(() => null);
  const signed = form?.get("signed_request");
  try {
    const owner = await signedUser(env, network, typeof signed === "string" ? signed : null);
    const accounts = await deauthorizeOwner(createDb(env.DB), env, network, owner);
    return Response.json({ success: true, accounts });
  } catch (error) {
    if (error instanceof SignedRequestRefused) return Response.json({ error: "invalid_signed_request", message: error.message }, { status: 400 });
    throw error;
  }
}

export const loader = () => Response.json({ error: "method_not_allowed", message: "POST a signed_request" }, { status: 405 });
