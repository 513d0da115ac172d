import type { Context } from "hono";
import { articleRefParam } from "../../core/contracts/articles";
import { pageMeta } from "../../core/contracts/pagination";
import {
  anonymousUuid,
  categoriesQuery,
  categoryParam,
  makePublicSchema,
  publicListQuery,
  reactionParam,
  reactionSchema,
  socialShareSchema,
} from "../../core/contracts/publishing";
import { articlePublisher, articleUnpublisher } from "../commands/articlePublisher";
import { eventStatement } from "../commands/events";
import { createApp, type AppEnv } from "../lib/create-app";
import { Invalid, NotFound, Unprocessable } from "../lib/errors";
import { validate } from "../lib/validate";
import { optionalSession, requireSession } from "../middleware/session";
import { authorize } from "../policies";
import { presentArticle } from "../presenters/articles";
import {
  presentArticleMeta,
  presentCategory,
  presentPublicArticleCard,
  presentReactions,
  publicPath,
} from "../presenters/public-pages";
import { loadArticle } from "../services/documents";
import { categoryArticles, findCategory, listCategories, listJobSearchTags, listSpotlights } from "../services/public-directory";
import { companyNameOf, shareIntentUrl } from "../services/public-pages";
import { peopleOf } from "../services/article-lists";
import { addReaction, reactionSummary, removeReaction, type Reactor } from "../services/reactions";
import { commandContext, requestFacts } from "./articles";

const loaded = (c: Context<AppEnv>, id: number) => loadArticle(c.get("db"), requestFacts(c), id);
const originOf = (c: Context<AppEnv>) => new URL(c.req.url).origin;

/**
 * Who is reacting: the signed-in user, else the anonymous visitor named by
 * `X-Anonymous-User-Uuid` (required to react; optional to read counts).
 */
function reactorOf(c: Context<AppEnv>, required: boolean): Reactor | null {
  const session = c.get("session");
  if (session) return { userId: session.user.id };
  const header = c.req.header("X-Anonymous-User-Uuid");
  if (!header && !required) return null;
  const parsed = anonymousUuid.safeParse(header);
  if (!parsed.success) {
    const problem = header ? "must be a UUID" : "is required to react without signing in";
    throw new Invalid(`X-Anonymous-User-Uuid ${problem}`, { "X-Anonymous-User-Uuid": [problem] });
  }
  return { anonymousUuid: parsed.data.toLowerCase() };
}

async function categoryOrThrow(c: Context<AppEnv>, id: number | null | undefined) {
  if (id == null) return;
  if (!(await findCategory(c.get("db"), id))) throw new Invalid("category_id: does not exist", { category_id: ["does not exist"] });
}

/**
 * Publishing (make_public / make_private), reactions, link-preview meta and social sharing
 * of one document; and the public directory (categories, spotlights, job-search tags),
 * which needs no session. The page itself is `/p/:slug` (Remix, through the edge cache).
 */
export const publicPagesApi = createApp()
  .put("/articles/:id/make_public", requireSession, validate("param", articleRefParam), validate("json", makePublicSchema), async (c) => {
    const db = c.get("db");
    const { actor, article, level, resource } = await loaded(c, c.req.valid("param").id);
    authorize(actor, "articles.publish", resource);
    const categoryId = c.req.valid("json").category_id;
    await categoryOrThrow(c, categoryId);
    const published = await articlePublisher(db, { context: commandContext(c, actor), article, categoryId });
    return c.json({ data: presentArticle(actor, published, level, await peopleOf(db, published)) });
  })

  .put("/articles/:id/make_private", requireSession, validate("param", articleRefParam), async (c) => {
    const db = c.get("db");
    const { actor, article, level, resource } = await loaded(c, c.req.valid("param").id);
    authorize(actor, "articles.publish", resource);
    const unpublished = await articleUnpublisher(db, { context: commandContext(c, actor), article });
    return c.json({ data: presentArticle(actor, unpublished, level, await peopleOf(db, unpublished)) });
  })

  .get("/articles/:id/meta", optionalSession, validate("param", articleRefParam), async (c) => {
    const db = c.get("db");
    const { actor, article, resource } = await loaded(c, c.req.valid("param").id);
    authorize(actor, "articles.read", resource);
    const [{ owner }, companyName] = await Promise.all([peopleOf(db, article), companyNameOf(db, article.workspaceId)]);
    return c.json({ data: presentArticleMeta(article, { author: owner, companyName, origin: originOf(c) }) });
  })

  .get("/articles/:id/reactions", optionalSession, validate("param", articleRefParam), async (c) => {
    const { actor, article, resource } = await loaded(c, c.req.valid("param").id);
    authorize(actor, "articles.read", resource);
    return c.json({ data: presentReactions(await reactionSummary(c.get("db"), article.id, reactorOf(c, false))) });
  })

  .post("/articles/:id/reactions", optionalSession, validate("param", articleRefParam), validate("json", reactionSchema), async (c) => {
    const db = c.get("db");
    const { actor, article, resource } = await loaded(c, c.req.valid("param").id);
    authorize(actor, "articles.react", resource);
    const reactor = reactorOf(c, true)!;
    await addReaction(db, article.id, c.req.valid("json").emoji, reactor);
    return c.json({ data: presentReactions(await reactionSummary(db, article.id, reactor)) }, 201);
  })

  .delete("/articles/:id/reactions/:emoji", optionalSession, validate("param", articleRefParam.extend(reactionParam.shape)), async (c) => {
    const db = c.get("db");
    const { id, emoji } = c.req.valid("param");
    const { actor, article, resource } = await loaded(c, id);
    authorize(actor, "articles.react", resource);
    const reactor = reactorOf(c, true)!;
    await removeReaction(db, article.id, emoji, reactor);
    return c.json({ data: presentReactions(await reactionSummary(db, article.id, reactor)) });
  })

  .post("/articles/:id/social_share", optionalSession, validate("param", articleRefParam), validate("json", socialShareSchema), async (c) => {
    const db = c.get("db");
    const { actor, article, resource } = await loaded(c, c.req.valid("param").id);
    authorize(actor, "articles.read", resource);
    if (!article.isPublic || article.archivedAt) {
      throw new Unprocessable("Publish this document before sharing it on social networks.", { article: ["is not public"] });
    }
    const { network } = c.req.valid("json");
    const pageUrl = `${originOf(c)}${publicPath(article)}`;
    await eventStatement(db, commandContext(c, actor), "articles.social_share", { articleId: article.id, properties: { network } });
    return c.json({ data: { network, url: shareIntentUrl(network, pageUrl, article.metaTitle || article.title), public_url: pageUrl } });
  })

  .get("/categories", validate("query", categoriesQuery), async (c) => {
    const rows = await listCategories(c.get("db"), { forTemplates: c.req.valid("query").create_from_template });
    return c.json({ data: rows.map(({ category, articleCount }) => presentCategory(category, articleCount)) });
  })

  .get("/categories/:id", validate("param", categoryParam), validate("query", publicListQuery), async (c) => {
    const db = c.get("db");
    const category = await findCategory(db, c.req.valid("param").id);
    if (!category) throw new NotFound("Category not found");
    const page = c.req.valid("query");
    const { items, total } = await categoryArticles(db, category.id, page);
    return c.json({
      data: { ...presentCategory(category, total), articles: items.map(presentPublicArticleCard) },
      meta: pageMeta(page, total),
    });
  })

  .get("/spotlights", validate("query", publicListQuery), async (c) => {
    const page = c.req.valid("query");
    const { items, total, featured } = await listSpotlights(c.get("db"), page);
    return c.json({ data: items.map(presentPublicArticleCard), meta: { ...pageMeta(page, total), featured } });
  })

  .get("/job_search_tags", async (c) => {
    const tags = await listJobSearchTags(c.get("db"));
    return c.json({ data: tags.map((tag) => ({ id: tag.id, slug: tag.slug, name: tag.name })) });
  });
