import type { CSSProperties, ReactNode } from "react";
import { childrenOf, num, str, type DocNode } from "./nodes";

type BlockProps = { node: DocNode; children: ReactNode };

const COUNTER_STYLES = new Set(["decimal", "lower-alpha", "lower-roman", "upper-latin", "upper-alpha", "upper-roman"]);
const MARKERS = new Set(["disc", "circle", "square"]);

/** Bullet, number and check lists; lists nest inside list items. */
export function ListNode({ node, children }: BlockProps) {
  const listType = str(node.listType) ?? (str(node.tag) === "ol" ? "number" : "bullet");
  if (listType === "number") {
    const counter = str(node.counterStyle) ?? str(node.listStyleType);
    const style: CSSProperties | undefined = counter && COUNTER_STYLES.has(counter) ? { listStyleType: counter } : undefined;
    const start = num(node.start);
    return (
      <ol start={start && start !== 1 ? start : undefined} style={style}>
        {children}
      </ol>
    );
  }
  const marker = str(node.marker) ?? str(node.listStyleType);
  const style: CSSProperties | undefined = marker && MARKERS.has(marker) ? { listStyleType: marker } : undefined;
  return (
    <ul className={listType === "check" ? "document-view__checklist" : undefined} style={style}>
      {children}
    </ul>
  );
}

/** A list item; in a check list it shows whether it is done. An item holding only a list is the nesting. */
export function ListItemNode({ node, children, inChecklist }: BlockProps & { inChecklist: boolean }) {
  const kids = childrenOf(node);
  if (kids.length > 0 && kids.every((child) => child.type === "list")) {
    return <li className="document-view__nested">{children}</li>;
  }
  if (!inChecklist) return <li>{children}</li>;
  const checked = node.checked === true;
  return (
    <li className="document-view__check" data-checked={checked}>
      <span className="document-view__checkbox" aria-hidden="true" />
      <span className="visually-hidden">{checked ? "Done: " : "To do: "}</span>
      <span>{children}</span>
    </li>
  );
}
