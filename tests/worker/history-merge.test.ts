import { describe, expect, it } from "vitest";
import { document, heading, paragraph, text } from "../../core/document/nodes";
import { documentToPlainText } from "../../core/document/text";
import { isDocument, type BlockNode, type SerializedDocument } from "../../core/document/types";
import { mergeDocuments, previewMerge, UnresolvedConflicts } from "../../core/history/merge";
import type { ConflictChoice } from "../../core/contracts/history";

const p = (value: string) => paragraph([text(value)]);
const doc = (...values: string[]) => document(values.map((value) => p(value) as BlockNode));
const lines = (body: SerializedDocument) => documentToPlainText(body).split("\n");
const choose = (choice: ConflictChoice) => new Map([[0, choice]]);

const base = doc("intro", "middle", "outro");

describe("previewMerge and mergeDocuments", () => {
  it("merges edits to different paragraphs, neighbours included, and keeps main's root", () => {
    const main = doc("intro (main)", "middle", "outro");
    main.root.direction = "ltr";
    const branch = doc("intro", "middle (branch)", "outro", "appendix");
    expect(previewMerge(base, main, branch)).toEqual({ clean: true, conflicts: [] });
    const merged = mergeDocuments(base, main, branch, new Map());
    expect(lines(merged)).toEqual(["intro (main)", "middle (branch)", "outro", "appendix"]);
    expect(merged.root.direction).toBe("ltr");
    expect(isDocument(merged)).toBe(true);
  });

  it("merges the same change made on both sides once", () => {
    const main = doc("intro", "middle, fixed", "outro");
    const branch = doc("intro", "middle, fixed", "outro");
    expect(previewMerge(base, main, branch).clean).toBe(true);
    expect(lines(mergeDocuments(base, main, branch, new Map()))).toEqual(["intro", "middle, fixed", "outro"]);
  });

  it("lists a paragraph changed differently on both sides, and applies each choice", () => {
    const main = doc("intro", "middle by main", "outro");
    const branch = document([p("intro"), heading("h2", [text("middle by branch")]), p("outro")]);
    const preview = previewMerge(base, main, branch);
    expect(preview).toEqual({
      clean: false,
      conflicts: [
        {
          conflict: 0,
          base: [{ index: 1, type: "paragraph", label: "Paragraph", text: "middle" }],
          main: [{ index: 1, type: "paragraph", label: "Paragraph", text: "middle by main" }],
          branch: [{ index: 1, type: "heading:h2", label: "Heading 2", text: "middle by branch" }],
        },
      ],
    });
    expect(lines(mergeDocuments(base, main, branch, choose("main")))).toEqual(["intro", "middle by main", "outro"]);
    const branchWins = mergeDocuments(base, main, branch, choose("branch"));
    expect(lines(branchWins)).toEqual(["intro", "middle by branch", "outro"]);
    expect(branchWins.root.children[1]).toMatchObject({ type: "heading", tag: "h2" });
    expect(lines(mergeDocuments(base, main, branch, choose("both")))).toEqual(["intro", "middle by main", "middle by branch", "outro"]);
  });

  it("merges a paragraph both sides deleted", () => {
    const main = doc("intro", "outro");
    const branch = doc("intro", "outro", "new ending");
    expect(previewMerge(base, main, branch).clean).toBe(true);
    expect(lines(mergeDocuments(base, main, branch, new Map()))).toEqual(["intro", "outro", "new ending"]);
  });

  it("makes a conflict of a paragraph one side deleted and the other edited", () => {
    const main = doc("intro", "outro");
    const branch = doc("intro", "middle, edited", "outro");
    const preview = previewMerge(base, main, branch);
    expect(preview.clean).toBe(false);
    expect(preview.conflicts).toEqual([
      { conflict: 0, base: [expect.objectContaining({ text: "middle" })], main: [], branch: [expect.objectContaining({ index: 1, text: "middle, edited" })] },
    ]);
    expect(lines(mergeDocuments(base, main, branch, choose("main")))).toEqual(["intro", "outro"]);
    expect(lines(mergeDocuments(base, main, branch, choose("branch")))).toEqual(["intro", "middle, edited", "outro"]);
  });

  it("makes a conflict of different paragraphs added at the same place, and 'both' keeps main's first", () => {
    const main = doc("intro", "middle", "outro", "main's ending");
    const branch = doc("intro", "middle", "outro", "branch's ending");
    expect(previewMerge(base, main, branch).conflicts).toEqual([
      { conflict: 0, base: [], main: [expect.objectContaining({ index: 3, text: "main's ending" })], branch: [expect.objectContaining({ index: 3, text: "branch's ending" })] },
    ]);
    expect(lines(mergeDocuments(base, main, branch, choose("both")))).toEqual(["intro", "middle", "outro", "main's ending", "branch's ending"]);
  });

  it("numbers several conflicts and refuses a merge that leaves one unresolved", () => {
    const wide = doc("a", "b", "c", "d", "e");
    const main = doc("a1", "b", "c", "d", "e1");
    const branch = doc("a2", "b", "c", "d", "e2");
    const preview = previewMerge(wide, main, branch);
    expect(preview.conflicts.map((conflict) => [conflict.conflict, conflict.main[0]?.text, conflict.branch[0]?.text])).toEqual([
      [0, "a1", "a2"],
      [1, "e1", "e2"],
    ]);
    let error: unknown;
    try {
      mergeDocuments(wide, main, branch, new Map([[0, "branch"]]));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(UnresolvedConflicts);
    expect((error as UnresolvedConflicts).conflicts.map((conflict) => conflict.conflict)).toEqual([1]);
    expect(lines(mergeDocuments(wide, main, branch, new Map([[0, "branch"], [1, "main"]])))).toEqual(["a2", "b", "c", "d", "e1"]);
  });

  it("leaves one empty paragraph when both sides deleted everything", () => {
    const merged = mergeDocuments(base, document([]), document([]), new Map());
    expect(merged.root.children).toEqual([expect.objectContaining({ type: "paragraph", children: [] })]);
    expect(isDocument(merged)).toBe(true);
  });
});
