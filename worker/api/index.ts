import { cors } from "hono/cors";
import { requestBodyLimit } from "../lib/body-limits";
import { createApp } from "../lib/create-app";
import { apiKeyGate } from "../middleware/api-key";
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER, idempotency } from "../middleware/idempotency";
import { RATE_LIMIT_HEADERS } from "../services/api-keys/rate-limit";
import { openApiDocument } from "../openapi/document";
import { apiReferencePage } from "../openapi/reference-page";
import { apiSecurityHeaders } from "../lib/page-security";
import { accessesApi } from "./accesses";
import { analyticsApi } from "./analytics";
import { analyticsCollectApi } from "./analytics-collect";
import { sandboxHistoryApi } from "./sandbox-history";
import { apiKeysApi } from "./api-keys";
import { articlesApi } from "./articles";
import { brandKitsApi } from "./brand-kits";
import { collabApi } from "./collab";
import { branchesApi } from "./branches";
import { articleStyleApi } from "./article-style";
import { campaignsApi } from "./campaigns";
import { adsApi } from "./ads";
import { emailSequencesApi } from "./email-sequences";
import { emailSequenceSendsApi } from "./email-sequence-sends";
import { sitePostsApi } from "./site-posts";
import { generationsApi } from "./generations";
import { knowledgeApi } from "./knowledge";
import { auth } from "./auth";
import { billingApi } from "./billing";
import { channelsApi } from "./channels";
import { filesApi } from "./files";
import { foldersApi } from "./folders";
import { guestsApi } from "./guests";
import { handbooksApi } from "./handbooks";
import { historyApi } from "./history";
import { homeApi } from "./home";
import { importsApi } from "./imports";
import { inboxApi } from "./inbox";
import { reviewsApi } from "./reviews";
import { commentsApi } from "./comments";
import { todosApi } from "./todos";
import { suggestionsApi } from "./suggestions";
import { health } from "./health";
import { invitationsApi } from "./invitations";
import { membersApi } from "./members";
import { propertiesApi } from "./properties";
import { publicPagesApi } from "./public-pages";
import { scimApi } from "./scim";
import { searchApi } from "./search";
import { templatesApi } from "./templates";
import { usersApi } from "./users";
import { workspacesApi } from "./workspaces";
import { postsApi } from "./posts";
import { schedulesApi } from "./schedules";
import { connectionsApi } from "./connections";
import { socialAccountsApi } from "./social-accounts";
import { webhooksApi } from "./webhooks";
import { contactsApi } from "./contacts";
import { searchConsoleApi } from "./search-console";
import { stripeWebhooksApi } from "./stripe-webhooks";

/** The JSON API, mounted at /v1 by the Worker. One sub-app per resource. */
export const api = createApp()
  .basePath("/v1")
  // API clients send their token in the Authorization header, so any origin may call the API. The
  // browser's session cookie is never honoured across origins: `*` allows no credentialed calls,
  // and middleware/cookie-session refuses cross-site writes that ride on it.
  .use(
    cors({
      origin: "*",
      allowHeaders: [
        "Authorization",
        "Content-Type",
        "X-Workspace-Id",
        "x-session-uuid",
        "x-superadmin-workspace-id",
        "X-Anonymous-User-Uuid",
        "X-Article-Password",
        "X-Search-Key",
        "x-d1-bookmark",
        IDEMPOTENCY_HEADER,
      ],
      exposeHeaders: ["Authorization", "Retry-After", "x-d1-bookmark", "Location", REPLAYED_HEADER, ...RATE_LIMIT_HEADERS],
      maxAge: 600,
    }),
  )
  // nosniff, no framing, no referrer, and HSTS on https: set in lib/page-security with the pages' own.
  .use(async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(apiSecurityHeaders(c.req.url))) c.res.headers.set(name, value);
  })
  // Every body is capped here, before any route parses it (per-route caps in lib/body-limits).
  .use(requestBodyLimit)
  // API keys reach only public routes within their scopes; each call is audited.
  .use(apiKeyGate)
  // A POST with Idempotency-Key runs once per caller and key; a retry gets the first answer.
  .use(idempotency)
  .route("/health", health)
  .route("/", auth)
  .route("/", invitationsApi)
  .route("/", scimApi)
  .route("/", channelsApi)
  .route("/", articlesApi)
  .route("/", collabApi)
  .route("/", branchesApi)
  .route("/", brandKitsApi)
  .route("/", knowledgeApi)
  .route("/", generationsApi)
  .route("/", emailSequencesApi)
  .route("/", emailSequenceSendsApi)
  .route("/", sitePostsApi)
  .route("/", articleStyleApi)
  .route("/", campaignsApi)
  .route("/", adsApi)
  .route("/", foldersApi)
  .route("/", accessesApi)
  .route("/", propertiesApi)
  .route("/", homeApi)
  .route("/", handbooksApi)
  .route("/", templatesApi)
  .route("/", filesApi)
  .route("/", importsApi)
  .route("/", searchApi)
  .route("/", publicPagesApi)
  .route("/", inboxApi)
  .route("/", reviewsApi)
  .route("/", commentsApi)
  .route("/", todosApi)
  .route("/", suggestionsApi)
  .route("/", historyApi)
  .route("/w", membersApi)
  .route("/w", guestsApi)
  .route("/w", workspacesApi)
  .route("/", usersApi)
  .route("/", apiKeysApi)
  .route("/", billingApi)
  .route("/", postsApi)
  .route("/", socialAccountsApi)
  .route("/", analyticsCollectApi)
  .route("/", sandboxHistoryApi)
  .route("/", connectionsApi)
  .route("/", schedulesApi)
  .route("/", analyticsApi)
  .route("/", webhooksApi)
  .route("/", contactsApi)
  .route("/", searchConsoleApi)
  .route("/", stripeWebhooksApi);

// The public API's OpenAPI document, generated from the routes above (their validators and
// `publicRoute` descriptions), so it is registered after them.
api.get("/openapi.json", async (c) => c.json(await openApiDocument(api as never, c.req.url)));
// The reference page that renders it (Redoc, from the Worker's static assets).
api.get("/docs", (c) => apiReferencePage(c.req.url));

export type ApiType = typeof api;
