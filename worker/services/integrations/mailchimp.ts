import { baseUrl, call, tokenRequest, TokenRequestFailed, type NetworkAnswer } from "../publishing/providers/http";
import type { ConnectedAccount, ProviderContext } from "../publishing/providers/types";
import { failureFrom, IntegrationFailed, noAnswer, unreachable } from "./failures";
import type { ConnectedIntegration, IntegrationService } from "./types";

/**
 * Mailchimp's Marketing API 3.0 through OAuth 2 (mailchimp.com/developer, "Access data on
 * behalf of other users with OAuth 2"): no scopes and no PKCE; the token never expires and
 * there is no refresh token. Each account lives in a data centre: `GET /oauth2/metadata`
 * names its `api_endpoint`, kept in the connection's settings. A connection is one audience.
 */

const SERVICE = "Mailchimp";

const authBase = (env: Env) => baseUrl(env, "MAILCHIMP_AUTH_BASE", "https://login.mailchimp.com");

interface MailchimpProblem {
  title?: string;
  detail?: string;
  errors?: { field?: string; message?: string }[];
}

interface Metadata {
  dc?: string;
  accountname?: string;
  api_endpoint?: string;
  login?: { login_email?: string };
}

interface MailchimpList {
  id: string;
  web_id?: number;
  name: string;
  campaign_defaults?: { from_name?: string; from_email?: string; subject?: string };
}

interface Campaign {
  id: string;
  web_id?: number;
  status?: string;
}

/** Mailchimp's problem document (RFC 7807): its title, detail and each field's error. */
function words(answer: NetworkAnswer<MailchimpProblem>): string {
  const body = answer.body;
  if (!body?.title && !body?.detail) return answer.text.slice(0, 200) || answer.response.statusText;
  const fields = (body.errors ?? []).map((error) => [error.field, error.message].filter(Boolean).join(": "));
  return [[body.title, body.detail].filter(Boolean).join(": "), ...fields].join("; ");
}

/**
 * The account's API address from its metadata. Only Mailchimp's own hosts are accepted (the
 * metadata decides where the token is sent), unless MAILCHIMP_API_BASE points at a local fake.
 */
function apiEndpoint(env: Env, metadata: Metadata): string {
  const override = (env as unknown as Record<string, string | undefined>).MAILCHIMP_API_BASE?.trim();
  if (override) return override.replace(/\/+$/, "");
  const endpoint = metadata.api_endpoint?.replace(/\/+$/, "") ?? "";
  if (!/^https:\/\/[a-z0-9-]+\.api\.mailchimp\.com$/.test(endpoint)) throw new IntegrationFailed("refused", `Mailchimp named an API address that is not Mailchimp's (${endpoint || "none"}).`);
  return endpoint;
}

const adminBase = (dc: string) => `https://${dc}.admin.mailchimp.com`;

/**
 * After the code exchange (`POST /oauth2/token`): the metadata (`GET /oauth2/metadata` with
 * `Authorization: OAuth <token>`, as Mailchimp documents it) for the data centre, then the
 * audiences (`GET /3.0/lists`): one connection per audience, with its campaign defaults
 * (from name, reply-to) kept for the campaigns made later.
 */
async function exchangeCode(ctx: ProviderContext, req: { app: { clientId: string; clientSecret: string }; code: string; redirectUri: string }): Promise<ConnectedAccount[]> {
  let token: string;
  try {
    token = (await tokenRequest(ctx, `${authBase(ctx.env)}/oauth2/token`, { grant_type: "authorization_code", code: req.code, redirect_uri: req.redirectUri }, { app: req.app, auth: "body" })).access_token;
  } catch (error) {
    if (error instanceof TokenRequestFailed) throw new IntegrationFailed(error.transient ? "unavailable" : "refused", `Mailchimp did not give access: ${error.message}`);
    throw error;
  }
  let metadata: NetworkAnswer<Metadata & MailchimpProblem>;
  try {
    metadata = await call<Metadata & MailchimpProblem>(ctx, `${authBase(ctx.env)}/oauth2/metadata`, { headers: { Authorization: `OAuth ${token}`, Accept: "application/json" } });
  } catch (error) {
    throw unreachable(SERVICE, error);
  }
  if (!metadata.response.ok || !metadata.body?.dc) throw failureFrom(metadata, SERVICE, words(metadata));
  const api = apiEndpoint(ctx.env, metadata.body);
  const dc = metadata.body.dc;
  const account = metadata.body.accountname ?? metadata.body.login?.login_email ?? "Mailchimp";

  let lists: NetworkAnswer<{ lists?: MailchimpList[] } & MailchimpProblem>;
  try {
    lists = await call(ctx, `${api}/3.0/lists?count=1000&fields=lists.id,lists.web_id,lists.name,lists.campaign_defaults`, { headers: { Authorization: `Bearer ${token}`, Accept: "application/json" } });
  } catch (error) {
    throw unreachable(SERVICE, error);
  }
  if (!lists.response.ok || !lists.body) throw failureFrom(lists, SERVICE, words(lists));
  return (lists.body.lists ?? []).map((list) => ({
    externalId: list.id,
    displayName: `${account} · ${list.name}`,
    handle: account,
    avatarUrl: null,
    url: list.web_id ? `${adminBase(dc)}/lists/members/?id=${list.web_id}` : adminBase(dc),
    settings: {
      apiEndpoint: api,
      dc,
      listId: list.id,
      fromName: list.campaign_defaults?.from_name ?? "",
      replyTo: list.campaign_defaults?.from_email ?? "",
    },
    credentials: { accessToken: token },
    expiresAt: null,
  }));
}

/** One email of a sequence as a campaign. */
export interface CampaignEmail {
  subject: string;
  preview: string;
  /** The campaign's name inside Mailchimp. */
  title: string;
  html: string;
}

export interface CampaignDraft {
  id: string;
  url: string | null;
  recreated: boolean;
}

/**
 * One email as a regular campaign draft for the audience: `POST /3.0/campaigns` (type
 * regular, recipients.list_id, settings subject_line, preview_text, title, from_name,
 * reply_to), or on a second push `PATCH /3.0/campaigns/:id` (a 404 there: deleted in
 * Mailchimp, made again); then `PUT /3.0/campaigns/:id/content` with the HTML.
 */
export async function pushCampaignDraft(ctx: ProviderContext, integration: ConnectedIntegration, email: CampaignEmail, remoteId: string | null): Promise<CampaignDraft> {
  const { apiEndpoint: api, listId, fromName, replyTo, dc } = integration.settings;
  if (!api || !listId) throw new IntegrationFailed("reconnect", "This Mailchimp connection is incomplete. Connect the audience again.");
  const headers = { Authorization: `Bearer ${integration.credentials.accessToken}`, Accept: "application/json", "Content-Type": "application/json" };
  const settings = { subject_line: email.subject, preview_text: email.preview, title: email.title, from_name: fromName, reply_to: replyTo };
  const link = (campaign: Campaign) => (dc && campaign.web_id ? `${adminBase(dc)}/campaigns/edit?id=${campaign.web_id}` : null);

  let campaign: Campaign | null = null;
  let recreated = false;
  if (remoteId) {
    let updated: NetworkAnswer<Campaign & MailchimpProblem>;
    try {
      updated = await call<Campaign & MailchimpProblem>(ctx, `${api}/3.0/campaigns/${encodeURIComponent(remoteId)}`, { method: "PATCH", headers, body: JSON.stringify({ recipients: { list_id: listId }, settings }) });
    } catch (error) {
      throw unreachable(SERVICE, error);
    }
    if (updated.response.ok && updated.body?.id) campaign = updated.body;
    else if (updated.response.status === 404) recreated = true;
    else throw failureFrom(updated, SERVICE, words(updated));
  }
  if (!campaign) {
    let created: NetworkAnswer<Campaign & MailchimpProblem>;
    try {
      created = await call<Campaign & MailchimpProblem>(ctx, `${api}/3.0/campaigns`, { method: "POST", headers, body: JSON.stringify({ type: "regular", recipients: { list_id: listId }, settings }) });
    } catch {
      throw noAnswer(SERVICE, "the campaign");
    }
    if (!created.response.ok || !created.body?.id) throw failureFrom(created, SERVICE, words(created));
    campaign = created.body;
  }

  let content: NetworkAnswer<MailchimpProblem>;
  try {
    content = await call<MailchimpProblem>(ctx, `${api}/3.0/campaigns/${encodeURIComponent(campaign.id)}/content`, { method: "PUT", headers, body: JSON.stringify({ html: email.html }) });
  } catch (error) {
    const failure = unreachable(SERVICE, error);
    throw new IntegrationFailed("unavailable", `The campaign was saved in Mailchimp without its content: ${failure.message}`, 60, { id: campaign.id, url: link(campaign) });
  }
  if (!content.response.ok) {
    const failure = failureFrom(content, SERVICE, words(content));
    throw new IntegrationFailed(failure.kind, `The campaign was saved in Mailchimp without its content. ${failure.message}`, failure.retryAfterSeconds, { id: campaign.id, url: link(campaign) });
  }
  return { id: campaign.id, url: link(campaign), recreated };
}

/**
 * After a create that got no answer: the audience's unsent campaign with this title made
 * since then (`GET /3.0/campaigns?list_id&status=save&since_create_time`), or null. Never creates.
 */
export async function findCampaignDraft(ctx: ProviderContext, integration: ConnectedIntegration, title: string, since: number): Promise<{ id: string; url: string | null } | null> {
  const { apiEndpoint: api, listId, dc } = integration.settings;
  if (!api || !listId) return null;
  const query = new URLSearchParams({
    list_id: listId,
    status: "save",
    since_create_time: new Date(since - 5 * 60_000).toISOString(),
    count: "1000",
    fields: "campaigns.id,campaigns.web_id,campaigns.settings.title",
  });
  let answer: NetworkAnswer<{ campaigns?: (Campaign & { settings?: { title?: string } })[] } & MailchimpProblem>;
  try {
    answer = await call(ctx, `${api}/3.0/campaigns?${query}`, { headers: { Authorization: `Bearer ${integration.credentials.accessToken}`, Accept: "application/json" } });
  } catch (error) {
    throw unreachable(SERVICE, error);
  }
  if (!answer.response.ok || !answer.body) throw failureFrom(answer, SERVICE, words(answer));
  const campaign = (answer.body.campaigns ?? []).find((c) => c.settings?.title === title);
  return campaign ? { id: campaign.id, url: dc && campaign.web_id ? `${adminBase(dc)}/campaigns/edit?id=${campaign.web_id}` : null } : null;
}

export const mailchimpService: IntegrationService = {
  id: "mailchimp",
  kind: "email_marketing",
  label: "Mailchimp",
  connectors: [
    {
      kind: "oauth",
      id: "mailchimp",
      label: "Mailchimp",
      envPrefix: "MAILCHIMP",
      authorizeUrl(req, env) {
        // Mailchimp takes neither scopes nor a PKCE challenge; the signed state guards the callback.
        const query = new URLSearchParams({ response_type: "code", client_id: req.app.clientId, redirect_uri: req.redirectUri, state: req.state });
        return `${authBase(env)}/oauth2/authorize?${query}`;
      },
      exchangeCode,
      note: "Each audience becomes a place to send email sequences to, as campaign drafts.",
    },
  ],
};
