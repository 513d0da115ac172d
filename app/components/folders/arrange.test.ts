import { describe, expect, it } from "vitest";
import { boardColumns, boardGroupProperty, columnOf, sortArticles, withValue } from "./arrange";
import type { ArticleItem, Property } from "./types";

const labels = { draft: "Draft", in_review: "In review", reviewed: "Reviewed", approved: "Approved", suggestions: "Suggestions" };

const article = (id: number, title: string, extra: Partial<ArticleItem> = {}) =>
  ({ id, title, status: "draft", updated_at: "2024-05-01T10:00:00.000Z", owner: null, ...extra }) as ArticleItem;
const owner = (name: string) => ({ name }) as ArticleItem["owner"];

const items = [
  article(1, "banana", { updated_at: "2024-05-03T10:00:00.000Z", owner: owner("Zed"), status: "approved" }),
  article(2, "Apple", { updated_at: "2024-05-01T10:00:00.000Z", owner: owner("amy") }),
  article(3, "cherry 10", { updated_at: "2024-05-02T10:00:00.000Z", owner: owner("Bob"), status: "in_review" }),
  article(4, "cherry 9", { updated_at: "2024-05-02T10:00:00.000Z", owner: owner("Bob") }),
];
const ids = (list: ArticleItem[]) => list.map((item) => item.id);

describe("sortArticles", () => {
  it("sorts by name ignoring case, numbers in order, both ways", () => {
    expect(ids(sortArticles(items, "name_asc"))).toEqual([2, 1, 4, 3]);
    expect(ids(sortArticles(items, "name_desc"))).toEqual([3, 4, 1, 2]);
  });

  it("sorts by last modified, both ways", () => {
    expect(ids(sortArticles(items, "last_modified_desc"))).toEqual([1, 4, 3, 2]);
    expect(ids(sortArticles(items, "last_modified_asc"))).toEqual([2, 3, 4, 1]);
  });

  it("sorts by owner name, then title", () => {
    expect(ids(sortArticles(items, "owner_asc"))).toEqual([2, 4, 3, 1]);
    expect(ids(sortArticles(items, "owner_desc"))).toEqual([1, 4, 3, 2]);
  });

  it("does not change the list it was given", () => {
    const copy = [...items];
    sortArticles(items, "name_desc");
    expect(items).toEqual(copy);
  });
});

describe("boardColumns", () => {
  const stage: Property = { id: 7, folder_id: 1, name: "Stage", type: "select", options: ["Idea", "Done"], position: 1, created_at: null, updated_at: null };

  it("groups by every status, in order, including empty ones", () => {
    const columns = boardColumns(items, null, {}, labels);
    expect(columns.map((c) => c.label)).toEqual(["Draft", "In review", "Reviewed", "Approved", "Suggestions"]);
    expect(ids(columns[0]!.items)).toEqual([2, 4]);
    expect(columnOf(columns, 3)).toBe("in_review");
  });

  it("groups by a select property's options, with a column for no value", () => {
    const values = {
      1: [{ id: 1, article_id: 1, property_id: 7, value: "Done", assignee_id: null, assignee: null, updated_at: null }],
      2: [{ id: 2, article_id: 2, property_id: 7, value: "Gone option", assignee_id: null, assignee: null, updated_at: null }],
    };
    const columns = boardColumns(items, stage, values, labels);
    expect(columns.map((c) => c.key)).toEqual(["", "Idea", "Done"]);
    expect(columns[0]!.label).toBe("No Stage");
    expect(ids(columns[0]!.items)).toEqual([2, 3, 4]);
    expect(ids(columns[2]!.items)).toEqual([1]);
  });

  it("falls back to status when the grouping property is gone or not a select", () => {
    expect(boardGroupProperty(7, [stage])).toBe(stage);
    expect(boardGroupProperty(8, [stage])).toBeNull();
    expect(boardGroupProperty(7, [{ ...stage, type: "text" }])).toBeNull();
    expect(boardGroupProperty("status", [stage])).toBeNull();
  });
});

describe("withValue", () => {
  it("replaces or removes one value of one document", () => {
    const value = { id: 1, article_id: 1, property_id: 7, value: "Idea", assignee_id: null, assignee: null, updated_at: null };
    const next = withValue({}, 1, 7, value);
    expect(next[1]).toEqual([value]);
    expect(withValue(next, 1, 7, { ...value, value: "Done" })[1]![0]!.value).toBe("Done");
    expect(withValue(next, 1, 7, null)[1]).toEqual([]);
  });
});
