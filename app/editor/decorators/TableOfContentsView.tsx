import { $isHeadingNode } from "@lexical/rich-text";
import { $getRoot, type NodeKey } from "lexical";
import { useEffect, useState } from "react";
import { useDecoratorNode } from "./useDecoratorNode";

interface Entry {
  key: NodeKey;
  level: number;
  text: string;
}

/** The document's headings, kept current as anyone edits; a click scrolls to the heading. */
export function TableOfContentsView({ nodeKey }: { nodeKey: NodeKey }) {
  const { editor, selected, select } = useDecoratorNode(nodeKey);
  const [entries, setEntries] = useState<Entry[]>([]);

  useEffect(() => {
    const read = () =>
      editor.getEditorState().read(() =>
        $getRoot()
          .getChildren()
          .filter($isHeadingNode)
          .map((heading) => ({ key: heading.getKey(), level: Number(heading.getTag().slice(1)), text: heading.getTextContent() }))
          .filter((entry) => entry.text.trim() !== ""),
      );
    setEntries(read());
    return editor.registerUpdateListener(() => {
      const next = read();
      setEntries((before) => (JSON.stringify(before) === JSON.stringify(next) ? before : next));
    });
  }, [editor]);

  const top = Math.min(...entries.map((e) => e.level), 6);
  return (
    <nav className="ed-toc__box" aria-label="Table of contents" data-selected={selected || undefined} onClick={select}>
      <p className="ed-toc__title">Contents</p>
      {entries.length === 0 ? (
        <p className="ed-toc__empty">Add headings to the document and they will be listed here.</p>
      ) : (
        <ol>
          {entries.map((entry) => (
            <li key={entry.key} style={{ marginInlineStart: `${(entry.level - top) * 1.25}rem` }}>
              <a
                href={`#heading-${entry.key}`}
                onClick={(event) => {
                  event.preventDefault();
                  editor.getElementByKey(entry.key)?.scrollIntoView({ behavior: "smooth", block: "start" });
                }}
              >
                {entry.text}
              </a>
            </li>
          ))}
        </ol>
      )}
    </nav>
  );
}
