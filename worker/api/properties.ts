import type { Context } from "hono";
import { idParam } from "../../core/contracts/common";
import { folderRefParam } from "../../core/contracts/folders";
import {
  assignedPropertyParam,
  assignPropertySchema,
  CHOICE_TYPES,
  checkPropertyValue,
  createPropertySchema,
  updatePropertySchema,
} from "../../core/contracts/properties";
import { propertyAssigner, propertyCreator, propertyDeleter, propertyUnassigner, propertyUpdater } from "../commands/propertyCommands";
import { createApp, type AppEnv } from "../lib/create-app";
import { Invalid } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireSession } from "../middleware/session";
import { authorize, presentPolicies } from "../policies";
import { presentAssignedProperty, presentProperty } from "../presenters/properties";
import { viewerFor } from "../services/access";
import { folderIdByKey, loadArticle, loadFolder } from "../services/documents";
import { activeWorkspaceUser, findProperty, listProperties, propertyOfArticle, propertyValuesInFolder } from "../services/properties";
import { commandContext, requestFacts } from "./articles";

async function loadedFolder(c: Context<AppEnv>, ref: { id: number } | { key: string }) {
  const db = c.get("db");
  const id = "id" in ref ? ref.id : await folderIdByKey(db, ref.key);
  return loadFolder(db, requestFacts(c), id);
}

/** A property and its folder, loaded as the requester (access and password checked). */
async function loadedProperty(c: Context<AppEnv>, id: number) {
  const property = await findProperty(c.get("db"), id);
  const folder = await loadFolder(c.get("db"), requestFacts(c), property.folderId);
  return { property, ...folder };
}

/**
 * Custom properties: a folder defines them (/v1/folders/:ref/properties, /v1/properties/:id;
 * changing them takes folders.update) and each document in it holds a value per property
 * (/v1/articles/:id/properties/:propertyId; setting one takes articles.update).
 */
export const propertiesApi = createApp()
  .get("/folders/:ref/properties", requireSession, validate("param", folderRefParam), async (c) => {
    const { actor, folder, resource } = await loadedFolder(c, c.req.valid("param").ref);
    authorize(actor, "folders.read", resource);
    const rows = await listProperties(c.get("db"), folder.id);
    return c.json({ data: rows.map(presentProperty), policies: presentPolicies(actor, ["folders.update", "articles.update"], resource) });
  })

  .post("/folders/:ref/properties", requireSession, validate("param", folderRefParam), validate("json", createPropertySchema), async (c) => {
    const { actor, folder, resource } = await loadedFolder(c, c.req.valid("param").ref);
    authorize(actor, "folders.update", resource);
    const property = await propertyCreator(c.get("db"), { context: commandContext(c, actor), folder, input: c.req.valid("json").property });
    return c.json({ data: presentProperty(property) }, 201);
  })

  // Every readable document's values in one call: `{ [articleId]: [{ property_id, value, assignee }] }`.
  .get("/folders/:ref/property_values", requireSession, validate("param", folderRefParam), async (c) => {
    const { actor, folder, resource } = await loadedFolder(c, c.req.valid("param").ref);
    authorize(actor, "folders.read", resource);
    const rows = await propertyValuesInFolder(c.get("db"), viewerFor(actor), folder.id);
    const byArticle: Record<number, ReturnType<typeof presentAssignedProperty>[]> = {};
    for (const row of rows) (byArticle[row.articleId] ??= []).push(presentAssignedProperty(row));
    return c.json({ data: byArticle });
  })

  .put("/properties/:id", requireSession, validate("param", idParam), validate("json", updatePropertySchema), async (c) => {
    const { actor, property, resource } = await loadedProperty(c, c.req.valid("param").id);
    authorize(actor, "folders.update", resource);
    const changes = c.req.valid("json").property;
    if (changes.options !== undefined && !CHOICE_TYPES.includes(property.type)) {
      throw new Invalid("options: are only for select and multi-select properties", { "property.options": ["are only for select and multi-select properties"] });
    }
    if (changes.options !== undefined && changes.options.length === 0) {
      throw new Invalid("options: needs at least one option", { "property.options": ["needs at least one option for a select property"] });
    }
    const updated = await propertyUpdater(c.get("db"), { context: commandContext(c, actor), property, changes });
    return c.json({ data: presentProperty(updated) });
  })

  .delete("/properties/:id", requireSession, validate("param", idParam), async (c) => {
    const { actor, property, folder, resource } = await loadedProperty(c, c.req.valid("param").id);
    authorize(actor, "folders.update", resource);
    await propertyDeleter(c.get("db"), { context: commandContext(c, actor), property, folder });
    return c.json({ data: { id: property.id, deleted: true } });
  })

  .put(
    "/articles/:id/properties/:propertyId",
    requireSession,
    validate("param", assignedPropertyParam),
    validate("json", assignPropertySchema),
    async (c) => {
      const db = c.get("db");
      const params = c.req.valid("param");
      const { actor, article, resource } = await loadArticle(db, requestFacts(c), params.id);
      authorize(actor, "articles.update", resource);
      const property = await propertyOfArticle(db, article, params.propertyId);
      const input = c.req.valid("json");
      const checked = checkPropertyValue(property, input.value);
      if (!checked.ok) throw new Invalid(`value: ${checked.message}`, { value: [checked.message] });

      let assignee = null;
      if (property.type === "person") {
        if (input.assignee_id == null) throw new Invalid("assignee_id: is required for a person property", { assignee_id: ["is required for a person property"] });
        assignee = await activeWorkspaceUser(db, article.workspaceId, input.assignee_id);
        if (!assignee) throw new Invalid("assignee_id: is not an active member of this workspace", { assignee_id: ["is not an active member of this workspace"] });
      } else if (input.assignee_id != null) {
        throw new Invalid("assignee_id: is only for person properties", { assignee_id: ["is only for person properties"] });
      }

      const row = await propertyAssigner(db, {
        context: commandContext(c, actor),
        article,
        property,
        value: checked.value,
        assigneeId: assignee?.id ?? null,
      });
      return c.json({ data: presentAssignedProperty({ ...row, value: checked.value, assignee }) });
    },
  )

  .delete("/articles/:id/properties/:propertyId", requireSession, validate("param", assignedPropertyParam), async (c) => {
    const db = c.get("db");
    const params = c.req.valid("param");
    const { actor, article, resource } = await loadArticle(db, requestFacts(c), params.id);
    authorize(actor, "articles.update", resource);
    const property = await propertyOfArticle(db, article, params.propertyId);
    await propertyUnassigner(db, { context: commandContext(c, actor), article, property });
    return c.json({ data: { article_id: article.id, property_id: property.id, deleted: true } });
  });
