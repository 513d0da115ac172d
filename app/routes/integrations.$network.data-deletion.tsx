import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { createDb } from "../../worker/db/client";
import { CALLBACK_NETWORKS, deleteOwnerData, signedUser, SignedRequestRefused } from "../../worker/services/connections/network-callbacks";

/**
 * `POST /integrations/meta/data-deletion` (Meta's "Data Deletion Request URL"): with a verified
 * signed_request, every account the person brought loses its credentials and is disconnected;
 * the answer is `{ url, confirmation_code }`, as Meta documents, the url a status page.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const network = CALLBACK_NETWORKS[params.network ?? ""];
  if (!network) return Response.json({ error: "not_found" }, { status: 404 });
  const { env } = context.cloudflare;
  const form = await request.formData().catch(() => null);
  const signed = form?.get("signed_request");
  try {
    const owner = await signedUser(env, network, typeof signed === "string" ? signed : null);
    const { code } = await deleteOwnerData(createDb(env.DB), env, network, owner);
    return Response.json({ url: `${new URL(request.url).origin}/integrations/${network.id}/deletion/${code}`, confirmation_code: code });
  } catch (error) {
    if (error instanceof SignedRequestRefused) return Response.json({ error: "invalid_signed_request", message: error.message }, { status: 400 });
    throw error;
  }
}

export const loader = () => Response.json({ error: "method_not_allowed", message: "POST a signed_request" }, { status: 405 });
