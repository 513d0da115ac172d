import type { NodeKey } from "lexical";
import type { AiSuggestionFields } from "../../../core/editor/nodes/AiSuggestionNode";
import type { CollectionFields } from "../../../core/editor/nodes/CollectionNode";
import type { DiagramFields } from "../../../core/editor/nodes/DiagramNode";
import type { GeneratedImageFields } from "../../../core/editor/nodes/GeneratedImageNode";
import type { LineDividerFields } from "../../../core/editor/nodes/LineDividerNode";
import { isSafeUrl } from "../../../core/document/links";
import { useDecoratorNode } from "./useDecoratorNode";

// Blocks a document may hold (from imports or later features) that have no editing UI of
// their own yet: each is shown faithfully and can be selected, moved and deleted.

export function DividerView({ nodeKey, fields }: { nodeKey: NodeKey; fields: LineDividerFields }) {
  const { selected, select } = useDecoratorNode(nodeKey);
  return <hr className="ed-divider__line" data-style={fields.style} data-selected={selected || undefined} onClick={select} />;
}

export function CollectionView({ nodeKey, fields }: { nodeKey: NodeKey; fields: CollectionFields }) {
  const { selected, select } = useDecoratorNode(nodeKey);
  return (
    <div className="ed-block-card" data-selected={selected || undefined} onClick={select}>
      <span className="ed-block-card__kind">Collection</span>
      <strong>{fields.title || "Untitled collection"}</strong>
    </div>
  );
}

export function DiagramView({ nodeKey, fields }: { nodeKey: NodeKey; fields: DiagramFields }) {
  const { selected, select } = useDecoratorNode(nodeKey);
  return (
    <figure className="ed-block-card" data-selected={selected || undefined} onClick={select} style={{ background: fields.backgroundColor }}>
      <span className="ed-block-card__kind">Diagram</span>
      <pre className="ed-diagram__code">{fields.code}</pre>
    </figure>
  );
}

export function GeneratedImageView({ nodeKey, fields }: { nodeKey: NodeKey; fields: GeneratedImageFields }) {
  const { selected, select } = useDecoratorNode(nodeKey);
  return (
    <figure className="ed-block-card" data-selected={selected || undefined} onClick={select}>
      <span className="ed-block-card__kind">Generated image</span>
      {fields.src && isSafeUrl(fields.src) ? <img src={fields.src} alt={fields.alt ?? fields.prompt ?? ""} /> : null}
      {fields.prompt ? <figcaption>{fields.prompt}</figcaption> : null}
    </figure>
  );
}

export function AiSuggestionView({ nodeKey, fields }: { nodeKey: NodeKey; fields: AiSuggestionFields }) {
  const { selected, select } = useDecoratorNode(nodeKey);
  const text = typeof fields.contentData === "string" ? fields.contentData : JSON.stringify(fields.contentData ?? "");
  return (
    <aside className="ed-block-card ed-block-card--ai" data-selected={selected || undefined} onClick={select}>
      <span className="ed-block-card__kind">AI suggestion</span>
      <p>{text}</p>
    </aside>
  );
}
