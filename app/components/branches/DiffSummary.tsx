import type { BlockDiff, BlockSummary, DocumentDiff, WordPart } from "../../../core/history/types";
import { count } from "../../../core/counting";

const OP_LABELS: Record<Exclude<BlockDiff["op"], "equal">, string> = {
  insert: "Added",
  delete: "Removed",
  modify: "Changed",
  move: "Moved",
};

function Words({ words }: { words: WordPart[] }) {
  return (
    <span className="branch-words">
      {words.map((part, index) =>
        part.op === "insert" ? (
          <ins key={index}>{part.text}</ins>
        ) : part.op === "delete" ? (
          <del key={index}>{part.text}</del>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </span>
  );
}

const textOf = (block: BlockSummary) => block.text || `(empty ${block.label.toLowerCase()})`;

/** What merging changes in main: the blocks added, removed, changed (words marked) or moved; unchanged ones are counted. */
export function DiffSummary({ diff }: { diff: DocumentDiff }) {
  const changed = diff.blocks.filter((block) => block.op !== "equal");
  if (changed.length === 0) return <p className="branch-stats">Nothing changes: the branch says what main already says.</p>;
  const { inserted, deleted, modified, moved, unchanged } = diff.stats;
  return (
    <>
      <p className="branch-stats">
        {[
          inserted && `${count(inserted, "block")} added`,
          deleted && `${count(deleted, "block")} removed`,
          modified && `${count(modified, "block")} changed`,
          moved && `${count(moved, "block")} moved`,
          `${count(unchanged, "block")} unchanged`,
        ]
          .filter(Boolean)
          .join(" · ")}
      </p>
      <ul className="branch-changes" aria-label="Changes to main">
        {changed.map((block, index) => (
          <li key={index} data-op={block.op}>
            <span className="branch-changes__op">
              {OP_LABELS[block.op as Exclude<BlockDiff["op"], "equal">]} · {"after" in block ? block.after.label : block.before.label}
              {block.op === "modify" && block.type_change ? ` (was ${block.type_change.before})` : ""}
            </span>
            {block.op === "modify" ? (
              <Words words={block.words} />
            ) : block.op === "insert" ? (
              <span className="branch-words">
                <ins>{textOf(block.after)}</ins>
              </span>
            ) : block.op === "delete" ? (
              <span className="branch-words">
                <del>{textOf(block.before)}</del>
              </span>
            ) : (
              <span>{textOf(block.before)}</span>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
