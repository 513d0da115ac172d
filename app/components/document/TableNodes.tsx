import type { CSSProperties, ReactNode } from "react";
import { color, num, type DocNode } from "./nodes";

type BlockProps = { node: DocNode; children: ReactNode };

/** Tables scroll sideways on narrow screens instead of overflowing the page. */
export function TableNode({ children }: BlockProps) {
  return (
    <div className="document-view__table-scroll">
      <table className="document-view__table">
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export function TableRowNode({ children }: BlockProps) {
  return <tr>{children}</tr>;
}

const span = (value: unknown) => {
  const n = num(value);
  return n && n > 1 ? Math.min(Math.floor(n), 1000) : undefined;
};

/** A header cell when Lexical's `headerState` says so (or `header: true`). */
export function TableCellNode({ node, children }: BlockProps) {
  const header = (num(node.headerState) ?? 0) > 0 || node.header === true;
  const style: CSSProperties = {};
  const background = color(node.backgroundColor) ?? color(node.background);
  if (background) style.backgroundColor = background;
  const width = num(node.width) ?? num(node.colwidth);
  if (width && width > 0) style.minWidth = `${Math.min(width, 2000)}px`;
  const Tag = header ? "th" : "td";
  return (
    <Tag colSpan={span(node.colSpan ?? node.colspan)} rowSpan={span(node.rowSpan ?? node.rowspan)} style={Object.keys(style).length ? style : undefined}>
      {children}
    </Tag>
  );
}
