// The sidebar's folder tree, built from flat rows (id, parent id), and the moves its
// keyboard navigation makes (WAI-ARIA tree view pattern).

export interface FolderNodeRow {
  id: number;
  parent_id: number | null;
  name: string;
  slug: string;
  icon: string | null;
}

export interface FolderNode extends FolderNodeRow {
  children: FolderNode[];
  depth: number;
}

/**
 * Nests rows under their parents, keeping the rows' order among siblings. A folder whose
 * parent the viewer may not open shows at the top level, so nothing shared is unreachable.
 */
export function buildFolderTree(rows: readonly FolderNodeRow[]): FolderNode[] {
  const nodes = new Map<number, FolderNode>(rows.map((row) => [row.id, { ...row, children: [], depth: 0 }]));
  const roots: FolderNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parent_id === null ? undefined : nodes.get(row.parent_id);
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  const setDepth = (list: FolderNode[], depth: number, seen: Set<number>) => {
    for (const node of list) {
      if (seen.has(node.id)) continue;
      seen.add(node.id);
      node.depth = depth;
      setDepth(node.children, depth + 1, seen);
    }
  };
  setDepth(roots, 0, new Set());
  return roots;
}

/** The nodes a person can see, top to bottom: children of open nodes only. */
export function visibleNodes(roots: readonly FolderNode[], open: ReadonlySet<number>): FolderNode[] {
  const out: FolderNode[] = [];
  const walk = (list: readonly FolderNode[]) => {
    for (const node of list) {
      out.push(node);
      if (open.has(node.id) && node.children.length) walk(node.children);
    }
  };
  walk(roots);
  return out;
}

/** The ids from the top of the tree down to (not including) `id`. */
export function ancestorIds(rows: readonly Pick<FolderNodeRow, "id" | "parent_id">[], id: number): number[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const chain: number[] = [];
  let current = byId.get(id)?.parent_id ?? null;
  while (current !== null && !chain.includes(current)) {
    chain.unshift(current);
    current = byId.get(current)?.parent_id ?? null;
  }
  return chain.filter((ancestor) => byId.has(ancestor));
}

export type TreeMove =
  | { kind: "focus"; id: number }
  | { kind: "open"; id: number }
  | { kind: "close"; id: number }
  | { kind: "activate"; id: number }
  | { kind: "none" };

/** What a key does on the focused node. */
export function treeKeyMove(key: string, visible: readonly FolderNode[], focusedId: number, open: ReadonlySet<number>): TreeMove {
  const index = visible.findIndex((node) => node.id === focusedId);
  if (index === -1) return visible[0] ? { kind: "focus", id: visible[0].id } : { kind: "none" };
  const node = visible[index]!;
  const expandable = node.children.length > 0;
  switch (key) {
    case "ArrowDown":
      return visible[index + 1] ? { kind: "focus", id: visible[index + 1]!.id } : { kind: "none" };
    case "ArrowUp":
      return index > 0 ? { kind: "focus", id: visible[index - 1]!.id } : { kind: "none" };
    case "Home":
      return { kind: "focus", id: visible[0]!.id };
    case "End":
      return { kind: "focus", id: visible[visible.length - 1]!.id };
    case "ArrowRight":
      if (!expandable) return { kind: "none" };
      return open.has(node.id) ? { kind: "focus", id: node.children[0]!.id } : { kind: "open", id: node.id };
    case "ArrowLeft": {
      if (expandable && open.has(node.id)) return { kind: "close", id: node.id };
      const parent = visible.slice(0, index).reverse().find((candidate) => candidate.depth === node.depth - 1);
      return parent ? { kind: "focus", id: parent.id } : { kind: "none" };
    }
    case "Enter":
      return { kind: "activate", id: node.id };
    default:
      return { kind: "none" };
  }
}
