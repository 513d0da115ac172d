import type { ComponentType } from "react";
import { setDecoratorRenderer } from "../../../core/editor/nodes/FieldsDecoratorNode";
import { CardView, DownloadView, EmbedFrameView, SmartLinkView, trackerView } from "./EmbedViews";
import { ImageView } from "./ImageView";
import { AiSuggestionView, CollectionView, DiagramView, DividerView, GeneratedImageView } from "./PlaceholderViews";
import { TableOfContentsView } from "./TableOfContentsView";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type View = ComponentType<{ nodeKey: string; fields: any }>;

/** One React view per decorator node type (core's nodes stay free of React). */
const VIEWS: Record<string, View> = {
  image: ImageView,
  "line-divider": DividerView,
  "embed-frame": EmbedFrameView,
  card: CardView,
  download: DownloadView,
  "code-host-embed": trackerView("code-host-embed"),
  "issue-tracker-embed": trackerView("issue-tracker-embed"),
  "task-tracker-embed": trackerView("task-tracker-embed"),
  "smart-link": SmartLinkView,
  "table-of-contents": TableOfContentsView,
  collection: CollectionView,
  diagram: DiagramView,
  "generated-image": GeneratedImageView,
  "ai-suggestion": AiSuggestionView,
};

let installed = false;

/** Installs the browser's decorator views once; decorate() then returns these elements. */
export function installDecorators() {
  if (installed) return;
  installed = true;
  setDecoratorRenderer((node) => {
    const View = VIEWS[node.getType()];
    return View ? <View nodeKey={node.getKey()} fields={node.getFields()} /> : null;
  });
}
