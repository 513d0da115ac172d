import { useState, type ReactNode } from "react";
import type { BlockDiff, BlockSummary, CellChange, DocumentDiff, FormatChange, WordPart } from "../../../core/history/types";

/** Words added and removed, as marks a screen reader announces too ("added", "removed"). */
function Words({ parts }: { parts: WordPart[] }) {
  return (
    <>
      {parts.map((part, index) =>
        part.op === "insert" ? (
          <ins key={index} className="diff-word diff-word--insert">
            <span className="visually-hidden">[added: </span>
            {part.text}
            <span className="visually-hidden">]</span>
          </ins>
        ) : part.op === "delete" ? (
          <del key={index} className="diff-word diff-word--delete">
            <span className="visually-hidden">[removed: </span>
            {part.text}
            <span className="visually-hidden">]</span>
          </del>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

const quoted = (text: string) => `“${text.length > 60 ? `${text.slice(0, 57)}…` : text}”`;

/** The diff's format names as people say them (the rest, "bold", "link to …", read as they are). */
const FORMAT_WORDS: Record<string, string> = {
  code: "code formatting",
  insertion: "a tracked insertion",
  deletion: "a tracked deletion",
  "format change": "a tracked format change",
  comment: "a comment",
};

/** "Bold added to “x”", "Link removed from “y”": one sentence per format that came or went. */
export function formatSentences(change: FormatChange): string[] {
  const added = change.after.filter((format) => !change.before.includes(format));
  const removed = change.before.filter((format) => !change.after.includes(format));
  return [
    ...added.map((format) => `${FORMAT_WORDS[format] ?? format} added to ${quoted(change.text)}`),
    ...removed.map((format) => `${FORMAT_WORDS[format] ?? format} removed from ${quoted(change.text)}`),
  ].map((sentence) => sentence.charAt(0).toUpperCase() + sentence.slice(1));
}

function Cells({ cells }: { cells: CellChange[] }) {
  return (
    <ul className="diff-notes diff-cells">
      {cells.map((cell) => (
        <li key={`${cell.row}:${cell.column}`}>
          <span className="diff-cells__place">
            Row {cell.row + 1}, column {cell.column + 1}:
          </span>{" "}
          <Words parts={cell.words} />
        </li>
      ))}
    </ul>
  );
}

const BlockText = ({ block }: { block: BlockSummary }) => <span className="diff-block__text">{block.text || <em className="diff-block__blank">(empty)</em>}</span>;

function Block({ block }: { block: BlockDiff }) {
  switch (block.op) {
    case "equal":
      return (
        <div className="diff-block diff-block--equal" data-op="equal">
          <span className="diff-block__label">{block.after.label}</span>
          <BlockText block={block.after} />
        </div>
      );
    case "insert":
      return (
        <ins className="diff-block diff-block--insert" data-op="insert">
          <span className="diff-block__label">
            <span aria-hidden="true">+ </span>
            {block.after.label} added
          </span>
          <BlockText block={block.after} />
        </ins>
      );
    case "delete":
      return (
        <del className="diff-block diff-block--delete" data-op="delete">
          <span className="diff-block__label">
            <span aria-hidden="true">− </span>
            {block.before.label} removed
          </span>
          <BlockText block={block.before} />
        </del>
      );
    case "move":
      return (
        <div className="diff-block diff-block--move" data-op="move">
          <span className="diff-block__label">
            {block.after.label} moved (was block {block.before.index + 1}, now block {block.after.index + 1})
          </span>
          <BlockText block={block.after} />
        </div>
      );
    case "modify": {
      const formats = block.formats.flatMap(formatSentences);
      return (
        <div className="diff-block diff-block--modify" data-op="modify">
          <span className="diff-block__label">{block.after.label} changed</span>
          {block.cells.length > 0 ? (
            <Cells cells={block.cells} />
          ) : (
            <span className="diff-block__text">
              <Words parts={block.words} />
            </span>
          )}
          {block.type_change || formats.length > 0 ? (
            <ul className="diff-notes">
              {block.type_change ? (
                <li>
                  {block.type_change.before} → {block.type_change.after}
                </li>
              ) : null}
              {formats.map((sentence, index) => (
                <li key={index}>{sentence}</li>
              ))}
            </ul>
          ) : null}
        </div>
      );
    }
  }
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

export function DiffStats({ stats }: { stats: DocumentDiff["stats"] }) {
  return (
    <ul className="diff-stats" aria-label="Changes">
      <li className="diff-stats__insert">{plural(stats.inserted, "block")} added</li>
      <li className="diff-stats__delete">{plural(stats.deleted, "block")} removed</li>
      <li className="diff-stats__modify">{plural(stats.modified, "block")} changed</li>
      {stats.moved > 0 ? <li className="diff-stats__move">{plural(stats.moved, "block")} moved</li> : null}
      <li>{stats.unchanged} unchanged</li>
    </ul>
  );
}

/** Consecutive unchanged blocks in one run, so "Only changes" can fold each run into one line. */
function runs(blocks: BlockDiff[]): { equal: boolean; blocks: BlockDiff[] }[] {
  const out: { equal: boolean; blocks: BlockDiff[] }[] = [];
  for (const block of blocks) {
    const equal = block.op === "equal";
    const last = out.at(-1);
    if (last && last.equal && equal) last.blocks.push(block);
    else out.push({ equal, blocks: [block] });
  }
  return out;
}

/**
 * Two versions compared block by block (core/history/diff.ts computed it on the document
 * model): blocks added (green) and removed (struck through, red), changed blocks with their
 * words marked, moves and format and type changes said in words.
 */
export function DiffView({ diff, header }: { diff: DocumentDiff; header?: ReactNode }) {
  const [onlyChanges, setOnlyChanges] = useState(true);
  const changed = diff.blocks.some((block) => block.op !== "equal");
  return (
    <section className="diff" aria-label="Differences" data-testid="diff">
      <div className="diff__top">
        {header}
        <DiffStats stats={diff.stats} />
        {changed && diff.stats.unchanged > 0 ? (
          <label className="diff__toggle">
            <input type="checkbox" checked={onlyChanges} onChange={(event) => setOnlyChanges(event.target.checked)} /> Only changes
          </label>
        ) : null}
      </div>
      {!changed ? (
        <p className="history-empty">These two versions have the same text.</p>
      ) : (
        <div className="diff__blocks">
          {runs(diff.blocks).map((run, index) =>
            run.equal && onlyChanges ? (
              <details key={index} className="diff-fold">
                <summary>{plural(run.blocks.length, "unchanged block")}</summary>
                {run.blocks.map((block, inner) => (
                  <Block key={inner} block={block} />
                ))}
              </details>
            ) : (
              run.blocks.map((block, inner) => <Block key={`${index}-${inner}`} block={block} />)
            ),
          )}
        </div>
      )}
    </section>
  );
}
