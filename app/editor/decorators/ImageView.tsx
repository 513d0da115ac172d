import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import type { NodeKey } from "lexical";
import type { ImageFields } from "../../../core/editor/nodes/ImageNode";
import { isSafeUrl } from "../../../core/document/links";
import { useDecoratorNode } from "./useDecoratorNode";

const FLOATS = [
  { value: "left", label: "Float left" },
  { value: "center", label: "Centre" },
  { value: "right", label: "Float right" },
] as const;

/** SPEC section 5: a width of 1 or less is a fraction of the column, above 1 is pixels. */
export function imageWidthStyle(width: number | undefined): string | undefined {
  if (width === undefined || !(width > 0)) return undefined;
  return width <= 1 ? `${Math.round(width * 1000) / 10}%` : `${Math.floor(width)}px`;
}

/** An image: float, width (drag the handle, or arrow keys while selected), alt text, caption. */
export function ImageView({ nodeKey, fields }: { nodeKey: NodeKey; fields: ImageFields }) {
  const { editable, selected, select, update } = useDecoratorNode<ImageFields>(nodeKey);
  const frame = useRef<HTMLElement>(null);
  const [editingAlt, setEditingAlt] = useState(false);
  const [alt, setAlt] = useState(fields.alt);
  const [failed, setFailed] = useState(false);
  useEffect(() => setAlt(fields.alt), [fields.alt]);

  const startResize = (event: PointerEvent<HTMLSpanElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const element = frame.current;
    const column = element?.parentElement?.closest(".editor__content, .ed-column, .ed-box") ?? element?.parentElement;
    if (!element || !column) return;
    const startX = event.clientX;
    const startWidth = element.getBoundingClientRect().width;
    const max = column.getBoundingClientRect().width;
    const move = (e: globalThis.PointerEvent) => {
      element.style.width = `${Math.max(48, Math.min(max, startWidth + e.clientX - startX))}px`;
    };
    const end = (e: globalThis.PointerEvent) => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", end);
      update({ width: Math.floor(Math.max(48, Math.min(max, startWidth + e.clientX - startX))) });
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", end);
  };

  const resizeByKeys = (event: KeyboardEvent) => {
    if (!selected || !(event.key === "ArrowLeft" || event.key === "ArrowRight") || !event.shiftKey) return;
    event.preventDefault();
    const current = frame.current?.getBoundingClientRect().width ?? 300;
    update({ width: Math.max(48, Math.floor(current + (event.key === "ArrowRight" ? 24 : -24))) });
  };

  const src = isSafeUrl(fields.src) ? fields.src : "";
  const image = failed || !src ? (
    <span className="ed-image__missing" role="img" aria-label={fields.alt || "Image"}>
      {src ? "This image could not be loaded." : "No image"}
    </span>
  ) : (
    <img src={src} alt={fields.alt} title={fields.title} draggable={false} onError={() => setFailed(true)} loading="lazy" />
  );
  const href = fields.href && isSafeUrl(fields.href) ? fields.href : null;

  return (
    <figure
      ref={frame}
      className="ed-image__frame"
      data-float={fields.float ?? "center"}
      data-selected={selected || undefined}
      style={{ width: imageWidthStyle(fields.width) }}
      onClick={select}
      onKeyDown={resizeByKeys}
    >
      {href && !editable ? (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {image}
        </a>
      ) : (
        image
      )}
      {fields.description ? <figcaption>{fields.description}</figcaption> : null}
      {editable && selected ? (
        <>
          <span className="ed-image__handle" onPointerDown={startResize} aria-hidden="true" title="Drag to resize (or Shift+arrow keys)" />
          <div className="ed-image__toolbar" role="toolbar" aria-label="Image">
            {FLOATS.map((option) => (
              <button
                key={option.value}
                type="button"
                aria-pressed={(fields.float ?? "center") === option.value}
                onClick={(e) => (e.stopPropagation(), update({ float: option.value }))}
              >
                {option.label}
              </button>
            ))}
            <button type="button" onClick={(e) => (e.stopPropagation(), update({ width: 1 }))}>
              Full width
            </button>
            <button type="button" aria-expanded={editingAlt} onClick={(e) => (e.stopPropagation(), setEditingAlt(!editingAlt))}>
              Alt text
            </button>
          </div>
          {editingAlt ? (
            <form
              className="ed-image__alt"
              onClick={(e) => e.stopPropagation()}
              onSubmit={(e) => {
                e.preventDefault();
                update({ alt: alt.trim() });
                setEditingAlt(false);
              }}
            >
              <label>
                Describe the image for people who can't see it
                <input value={alt} onChange={(e) => setAlt(e.target.value)} maxLength={500} autoFocus />
              </label>
              <button type="submit">Save</button>
            </form>
          ) : null}
        </>
      ) : null}
    </figure>
  );
}
