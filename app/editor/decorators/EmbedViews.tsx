import type { NodeKey } from "lexical";
import type { CardFields } from "../../../core/editor/nodes/CardNode";
import type { DownloadFields } from "../../../core/editor/nodes/DownloadNode";
import type { EmbedFrameFields } from "../../../core/editor/nodes/EmbedFrameNode";
import type { SmartLinkFields } from "../../../core/editor/nodes/SmartLinkNode";
import type { TrackerEmbedFields } from "../../../core/editor/nodes/TrackerEmbedFields";
import { useDecoratorNode } from "./useDecoratorNode";

/** Only http(s) pages are ever framed or linked from an embed. */
export function webUrl(value: string | undefined): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}

/** A page framed in the document (video, map, form), sandboxed, 800×800 unless resized. */
export function EmbedFrameView({ nodeKey, fields }: { nodeKey: NodeKey; fields: EmbedFrameFields }) {
  const { selected, select } = useDecoratorNode<EmbedFrameFields>(nodeKey);
  const url = webUrl(fields.url);
  return (
    <div className="ed-embed__frame" data-selected={selected || undefined} onClick={select} style={{ maxWidth: fields.width }}>
      {url ? (
        <iframe
          src={url.href}
          title={`Embedded page from ${url.hostname}`}
          width={fields.width}
          height={fields.height}
          sandbox="allow-scripts allow-same-origin allow-popups allow-forms allow-presentation"
          allow="fullscreen; picture-in-picture"
          loading="lazy"
          referrerPolicy="no-referrer"
        />
      ) : (
        <p className="ed-embed__invalid">This embed has no valid web address.</p>
      )}
    </div>
  );
}

function LinkCard({ nodeKey, href, title, kind }: { nodeKey: NodeKey; href: string | undefined; title?: string; kind: string }) {
  const { editable, selected, select } = useDecoratorNode(nodeKey);
  const url = webUrl(href);
  return (
    <div className="ed-link-card" data-selected={selected || undefined} onClick={select}>
      <span className="ed-link-card__kind">{kind}</span>
      {url ? (
        <a href={url.href} target="_blank" rel="noopener noreferrer" tabIndex={editable ? -1 : undefined} onClick={(e) => editable && e.preventDefault()}>
          <strong>{title || url.hostname + url.pathname.replace(/\/$/, "")}</strong>
          <span className="ed-link-card__host">{url.hostname}</span>
        </a>
      ) : (
        <strong>{title || "A link without a valid address"}</strong>
      )}
    </div>
  );
}

export const CardView = ({ nodeKey, fields }: { nodeKey: NodeKey; fields: CardFields }) => (
  <div style={{ maxWidth: fields.width }}>
    <LinkCard nodeKey={nodeKey} href={fields.key} title={fields.title} kind="Link" />
  </div>
);

export const DownloadView = ({ nodeKey, fields }: { nodeKey: NodeKey; fields: DownloadFields }) => (
  <LinkCard nodeKey={nodeKey} href={fields.url.startsWith("/") ? new URL(fields.url, location.origin).href : fields.url} title={fields.title} kind={`Download${fields.format ? ` · ${fields.format.toUpperCase()}` : ""}`} />
);

const TRACKER_KINDS: Record<string, string> = {
  "code-host-embed": "Code",
  "issue-tracker-embed": "Issue",
  "task-tracker-embed": "Task",
};

export const trackerView = (type: string) =>
  function TrackerView({ nodeKey, fields }: { nodeKey: NodeKey; fields: TrackerEmbedFields }) {
    return <LinkCard nodeKey={nodeKey} href={fields.link} kind={TRACKER_KINDS[type] ?? "Link"} />;
  };

export function SmartLinkView({ fields }: { nodeKey: NodeKey; fields: SmartLinkFields }) {
  const url = webUrl(fields.url);
  return url ? (
    <a className="ed-smart-link__anchor" href={url.href} target="_blank" rel="noopener noreferrer">
      {fields.title || url.hostname}
    </a>
  ) : (
    <span>{fields.title || fields.url}</span>
  );
}
