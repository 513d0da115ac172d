import { useLayoutEffect, useRef, type MouseEvent, type ReactNode } from "react";
import type { Scene, SceneNode } from "../../../../core/designs/scene";
import { LockIcon, TrashIcon } from "../../ui/icons";
import { layerLabel, moveLayer, removeNodes, setNodeFlag } from "./scene-edits";

export interface LayersPanelProps {
  scene: Scene;
  selectedIds: string[];
  onSelect(ids: string[]): void;
  /** Each change is one undo step. */
  onChange(next: Scene): void;
}

type Action = "select" | "hide" | "lock" | "up" | "down" | "delete";

/**
 * The design's layers, top first (as they stack on the canvas): select one (Shift adds), hide or
 * lock it, move it up or down, or delete it. Every control is a button, so it works by keyboard;
 * after a move or a delete, focus stays with the layer (or goes to its neighbour).
 */
export function LayersPanel({ scene, selectedIds, onSelect, onChange }: LayersPanelProps) {
  const listRef = useRef<HTMLOListElement>(null);
  const refocus = useRef<{ id: string; action: Action } | null>(null);
  const layers = [...scene.nodes].reverse();

  // A moved row is a moved DOM node, which loses focus: give it back (or to the next row).
  useLayoutEffect(() => {
    const wanted = refocus.current;
    const list = listRef.current;
    if (!wanted || !list) return;
    refocus.current = null;
    const row = list.querySelector<HTMLElement>(`[data-layer="${CSS.escape(wanted.id)}"]`);
    const button = row?.querySelector<HTMLButtonElement>(`[data-action="${wanted.action}"]`) ?? row?.querySelector<HTMLButtonElement>('[data-action="select"]');
    button?.focus();
  });

  if (!layers.length) {
    return (
      <div className="layers-panel">
        <p className="layers-panel__empty">No layers yet. Add text, an image or a shape and it will be listed here.</p>
      </div>
    );
  }

  const select = (node: SceneNode, event: MouseEvent) => {
    if (event.shiftKey) onSelect(selectedIds.includes(node.id) ? selectedIds.filter((id) => id !== node.id) : [...selectedIds, node.id]);
    else onSelect([node.id]);
  };
  const act = (node: SceneNode, action: Action, next: Scene) => {
    refocus.current = { id: node.id, action };
    onChange(next);
  };
  const remove = (node: SceneNode, position: number) => {
    const neighbour = layers[position + 1] ?? layers[position - 1];
    if (neighbour) refocus.current = { id: neighbour.id, action: "select" };
    onChange(removeNodes(scene, [node.id]));
    if (selectedIds.includes(node.id)) onSelect(selectedIds.filter((id) => id !== node.id));
  };

  return (
    <div className="layers-panel">
      <ol ref={listRef} className="layers-panel__list" aria-label="Layers, top first">
        {layers.map((node, position) => {
          const label = layerLabel(node);
          const selected = selectedIds.includes(node.id);
          return (
            <li key={node.id} className="layer-row" data-layer={node.id} data-selected={selected || undefined} data-hidden={node.hidden || undefined}>
              <button type="button" className="layer-row__select" data-action="select" aria-pressed={selected} onClick={(event) => select(node, event)}>
                <LayerTypeIcon node={node} />
                <span className="layer-row__name">{label}</span>
              </button>
              <span className="layer-row__tools">
                <Tool action="hide" label={`Hide ${label}`} title={node.hidden ? "Show" : "Hide"} pressed={node.hidden} onClick={() => act(node, "hide", setNodeFlag(scene, node.id, "hidden", !node.hidden))}>
                  {node.hidden ? <EyeOffIcon /> : <EyeIcon />}
                </Tool>
                <Tool action="lock" label={`Lock ${label}`} title={node.locked ? "Unlock" : "Lock"} pressed={node.locked} onClick={() => act(node, "lock", setNodeFlag(scene, node.id, "locked", !node.locked))}>
                  {node.locked ? <LockIcon width={18} height={18} /> : <UnlockIcon />}
                </Tool>
                <Tool action="up" label={`Move ${label} up`} title="Move up" disabled={position === 0} onClick={() => act(node, "up", moveLayer(scene, node.id, "up"))}>
                  <ArrowIcon direction="up" />
                </Tool>
                <Tool action="down" label={`Move ${label} down`} title="Move down" disabled={position === layers.length - 1} onClick={() => act(node, "down", moveLayer(scene, node.id, "down"))}>
                  <ArrowIcon direction="down" />
                </Tool>
                <Tool action="delete" label={`Delete ${label}`} title="Delete" onClick={() => remove(node, position)}>
                  <TrashIcon width={18} height={18} />
                </Tool>
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

interface ToolProps {
  action: Action;
  /** The accessible name: says which layer ("Hide Headline"). */
  label: string;
  /** The tooltip: what a click does now. */
  title: string;
  /** For toggles (hide, lock): whether it is on. */
  pressed?: boolean;
  disabled?: boolean;
  onClick(): void;
  children: ReactNode;
}

function Tool({ action, label, title, pressed, disabled, onClick, children }: ToolProps) {
  return (
    <button
      type="button"
      className={action === "delete" ? "layer-row__tool layer-row__tool--danger" : "layer-row__tool"}
      data-action={action}
      aria-label={label}
      aria-pressed={pressed}
      title={title}
      // aria-disabled, not disabled: the button keeps focus when a move takes its layer to the top
      // (or bottom), so pressing it again does nothing rather than focus jumping elsewhere.
      aria-disabled={disabled || undefined}
      onClick={disabled ? undefined : onClick}
    >
      {children}
    </button>
  );
}

/** Small line icons in the app's style (ui/icons.tsx: 24-unit grid, currentColor strokes). */
function Glyph({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      {children}
    </svg>
  );
}

function LayerTypeIcon({ node }: { node: SceneNode }) {
  return <span className="layer-row__icon">{node.type === "text" ? <TextGlyph /> : node.type === "shape" ? <ShapeGlyph shape={node.shape} /> : node.type === "logo" ? <LogoGlyph /> : <ImageGlyph />}</span>;
}

const TextGlyph = () => (
  <Glyph>
    <path d="M5 6V4h14v2M12 4v16M9 20h6" />
  </Glyph>
);
const ImageGlyph = () => (
  <Glyph>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <circle cx="9" cy="10" r="1.8" />
    <path d="m21 16-5-5-9 9" />
  </Glyph>
);
const LogoGlyph = () => (
  <Glyph>
    <path d="M12 3 4 7.5v9L12 21l8-4.5v-9z" />
    <path d="m9 12 2 2 4-4" />
  </Glyph>
);
const ShapeGlyph = ({ shape }: { shape: "rect" | "ellipse" | "triangle" }) => (
  <Glyph>{shape === "ellipse" ? <ellipse cx="12" cy="12" rx="8" ry="7" /> : shape === "triangle" ? <path d="M12 4 21 20H3z" /> : <rect x="4" y="5" width="16" height="14" rx="2" />}</Glyph>
);
const EyeIcon = () => (
  <Glyph>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </Glyph>
);
const EyeOffIcon = () => (
  <Glyph>
    <path d="M10.6 5.1A9.8 9.8 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-2.2 3.2M6.6 6.6C3.7 8.4 2 12 2 12s3.6 7 10 7a9.6 9.6 0 0 0 5.4-1.6" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2M3 3l18 18" />
  </Glyph>
);
const UnlockIcon = () => (
  <Glyph>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 7.7-1.5" />
  </Glyph>
);
const ArrowIcon = ({ direction }: { direction: "up" | "down" }) => <Glyph>{direction === "up" ? <path d="M12 19V5m-6 6 6-6 6 6" /> : <path d="M12 5v14m-6-6 6 6 6-6" />}</Glyph>;
