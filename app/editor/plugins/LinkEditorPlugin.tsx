import { $isLinkNode, TOGGLE_LINK_COMMAND, type LinkNode } from "@lexical/link";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { SelectionAlwaysOnDisplay } from "@lexical/react/LexicalSelectionAlwaysOnDisplay";
import {
  $createTextNode,
  $findMatchingParent,
  $getSelection,
  $isElementNode,
  $isRangeSelection,
  $isTextNode,
  CLICK_COMMAND,
  COMMAND_PRIORITY_HIGH,
  COMMAND_PRIORITY_LOW,
  COMMAND_PRIORITY_NORMAL,
  KEY_DOWN_COMMAND,
  KEY_ESCAPE_COMMAND,
  mergeRegister,
  PASTE_COMMAND,
  SKIP_DOM_SELECTION_TAG,
  type LexicalEditor,
  type NodeKey,
  type PasteCommandType,
  type RangeSelection,
} from "lexical";
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties, type FormEvent, type KeyboardEvent } from "react";
import { createPortal } from "react-dom";
import { isSafeUrl } from "../../../core/document/links";
import { $createDocumentLinkNode, LINK_REL, LINK_TARGET } from "../../../core/editor/link";
import { OPEN_LINK_EDITOR_COMMAND } from "../commands";
import { HIDE_FLOATING_TOOLBAR_COMMAND } from "./FloatingToolbarPlugin";
import {
  $isInCodeBlock,
  $selectionBox,
  markKeptSelection,
  placeFloating,
  releaseTextSelection,
  stickyTopInset,
  useMobileDock,
  viewportSize,
} from "./floatingPanel";
import { displayLinkUrl, INVALID_LINK_MESSAGE, normaliseLinkUrl, pastedLinkUrl } from "./linkUrl";

type LinkEditorState =
  | { mode: "closed" }
  /** The caret is in a link (after a click): its address, open, edit and remove. */
  | { mode: "view"; linkKey: NodeKey; url: string }
  /**
   * The address form. `url` is the link's current address (empty for a new one); `insert`
   * when there is no text to link, so the form also asks for the text to show.
   */
  | { mode: "edit"; url: string; hasLink: boolean; insert: boolean };

const CLOSED: LinkEditorState = { mode: "closed" };

/**
 * Changes made from the popover leave the browser's selection alone (setting it into the
 * text would pull focus out of the form in Chrome) and commit at once, so the
 * `editor.focus()` that follows is its own update and does put the selection back.
 */
const FROM_POPOVER = { tag: SKIP_DOM_SELECTION_TAG, discrete: true } as const;

/** The link the whole selection sits in, else the first link it touches, else null. */
function $linkOf(selection: RangeSelection): LinkNode | null {
  const around = $findMatchingParent(selection.anchor.getNode(), $isLinkNode);
  if (around) return around;
  for (const node of selection.getNodes()) {
    const link = $isLinkNode(node) ? node : $findMatchingParent(node, $isLinkNode);
    if (link) return link;
  }
  return null;
}

/** The link the collapsed caret is in, else null. */
function $linkAtCaret(): { key: NodeKey; url: string } | null {
  const selection = $getSelection();
  if (!$isRangeSelection(selection) || !selection.isCollapsed()) return null;
  const link = $findMatchingParent(selection.anchor.getNode(), $isLinkNode);
  return link ? { key: link.getKey(), url: link.getURL() } : null;
}

/** Pasting an address over selected text links the text instead of replacing it. */
function $linkPastedAddress(editor: LexicalEditor, event: PasteCommandType): boolean {
  if (!("clipboardData" in event) || !event.clipboardData || event.clipboardData.files.length > 0) return false;
  const url = pastedLinkUrl(event.clipboardData.getData("text/plain"));
  const selection = $getSelection();
  if (url === null || !$isRangeSelection(selection) || selection.isCollapsed() || $isInCodeBlock(selection)) return false;
  // Only plain text and the blocks around it: not tokens, code highlighting or embedded nodes.
  if (!selection.getNodes().every((node) => $isElementNode(node) || ($isTextNode(node) && node.isSimpleText()))) return false;
  event.preventDefault();
  return editor.dispatchCommand(TOGGLE_LINK_COMMAND, { url, target: LINK_TARGET, rel: LINK_REL });
}

/**
 * The link popover. Ctrl/Cmd+K (OPEN_LINK_EDITOR_COMMAND, also the toolbar's link button)
 * opens the address form on the selection, on the link the caret is in, or, with nothing
 * selected, to insert a new link. Clicking into a link shows its address with open (new
 * tab), edit and remove; Alt+F10 moves focus into it. Addresses go through
 * normaliseLinkUrl (https:// for bare domains; refused schemes are explained inline) and
 * become links through TOGGLE_LINK_COMMAND with the document's target _blank. Pasting an
 * address over selected text links it.
 */
export function LinkEditorPlugin() {
  const [editor] = useLexicalComposerContext();
  const [state, setState] = useState<LinkEditorState>(CLOSED);
  const [surface, setSurface] = useState<HTMLElement | null>(null);
  const { docked, keyboardInset } = useMobileDock();
  const popover = useRef<HTMLDivElement>(null);
  const stateRef = useRef(state);
  // Before the layout effect below places the popover for the new state.
  useLayoutEffect(() => {
    stateRef.current = state;
  }, [state]);

  const close = useCallback(
    (backToText: boolean) => {
      setState(CLOSED);
      if (backToText) editor.focus();
    },
    [editor],
  );

  useEffect(
    () =>
      mergeRegister(
        // The popover is laid out in the editor's surface, the root's positioned parent.
        editor.registerRootListener((root) => setSurface(root?.parentElement ?? null)),
        editor.registerCommand(
          OPEN_LINK_EDITOR_COMMAND,
          () => {
            const selection = $getSelection();
            if (!editor.isEditable() || !$isRangeSelection(selection) || $isInCodeBlock(selection)) return false;
            const link = $linkOf(selection);
            setState({ mode: "edit", url: link?.getURL() ?? "", hasLink: link !== null, insert: selection.isCollapsed() && link === null });
            return true;
          },
          COMMAND_PRIORITY_LOW,
        ),
        editor.registerCommand(
          CLICK_COMMAND,
          () => {
            // After the browser has placed the caret for this click.
            window.setTimeout(() => {
              if (stateRef.current.mode === "edit") return;
              const link = editor.getEditorState().read($linkAtCaret);
              if (link) setState({ mode: "view", linkKey: link.key, url: link.url });
            }, 0);
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
        editor.registerCommand(PASTE_COMMAND, (event) => $linkPastedAddress(editor, event), COMMAND_PRIORITY_NORMAL),
        editor.registerCommand(
          KEY_DOWN_COMMAND,
          (event) => {
            if (!(event.altKey && event.key === "F10") || stateRef.current.mode !== "view") return false;
            event.preventDefault();
            popover.current?.querySelector<HTMLElement>("a, button")?.focus();
            return true;
          },
          COMMAND_PRIORITY_HIGH,
        ),
        editor.registerCommand(
          KEY_ESCAPE_COMMAND,
          () => {
            if (stateRef.current.mode !== "view") return false;
            setState(CLOSED);
            return true;
          },
          COMMAND_PRIORITY_LOW,
        ),
        // The address view follows the caret: it closes once the caret leaves the link.
        editor.registerUpdateListener(({ editorState }) => {
          const current = stateRef.current;
          if (current.mode !== "view") return;
          const link = editorState.read($linkAtCaret);
          if (!link || link.key !== current.linkKey) setState(CLOSED);
          else if (link.url !== current.url) setState({ ...current, url: link.url });
        }),
      ),
    [editor],
  );

  const editing = state.mode === "edit";
  useEffect(() => {
    editor.dispatchCommand(HIDE_FLOATING_TOOLBAR_COMMAND, editing);
  }, [editor, editing]);

  // A pointer outside the popover closes it; in view mode a click in the text is left to
  // the caret (a click in another link shows that link instead).
  useEffect(() => {
    if (state.mode === "closed") return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (popover.current?.contains(target)) return;
      if (state.mode === "view" && editor.getRootElement()?.contains(target)) return;
      setState(CLOSED);
    };
    document.addEventListener("pointerdown", onPointerDown, true);
    return () => document.removeEventListener("pointerdown", onPointerDown, true);
  }, [editor, state.mode]);

  const place = useCallback(() => {
    const box = popover.current;
    const current = stateRef.current;
    if (!box || !surface || current.mode === "closed") return;
    if (docked) {
      box.style.removeProperty("left");
      box.style.removeProperty("top");
      return;
    }
    const target =
      current.mode === "view"
        ? (editor.getElementByKey(current.linkKey)?.getBoundingClientRect() ?? null)
        : editor.getEditorState().read(() => {
            const selection = $getSelection();
            return $isRangeSelection(selection) ? $selectionBox(editor, selection) : null;
          });
    if (!target) return;
    const placement = placeFloating({
      target,
      size: { width: box.offsetWidth, height: box.offsetHeight },
      viewport: viewportSize(),
      prefer: "below",
      topInset: stickyTopInset(),
    });
    const origin = surface.getBoundingClientRect();
    box.style.left = `${placement.left - origin.left}px`;
    box.style.top = `${placement.top - origin.top}px`;
  }, [docked, editor, surface]);

  useLayoutEffect(() => {
    place();
  }, [place, state]);

  useEffect(() => {
    if (state.mode === "closed" || docked) return;
    let frame = 0;
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(place);
    };
    window.addEventListener("scroll", schedule, true);
    window.addEventListener("resize", schedule);
    const stopListening = editor.registerUpdateListener(schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule, true);
      window.removeEventListener("resize", schedule);
      stopListening();
    };
  }, [docked, editor, place, state.mode]);

  if (state.mode === "closed" || !surface) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    event.stopPropagation();
    close(true);
  };

  const remove = () => {
    editor.update(() => void editor.dispatchCommand(TOGGLE_LINK_COMMAND, null), FROM_POPOVER);
    close(true);
  };

  return createPortal(
    <>
      {state.mode === "edit" && !state.insert ? <SelectionAlwaysOnDisplay onReposition={markKeptSelection} /> : null}
      <div
        ref={popover}
        className="link-editor"
        role={state.mode === "edit" ? "dialog" : "group"}
        aria-label={state.mode === "edit" ? (state.hasLink ? "Edit link" : "Add link") : "Link"}
        data-docked={docked || undefined}
        style={docked ? ({ "--keyboard-inset": `${keyboardInset}px` } as CSSProperties) : undefined}
        onKeyDown={onKeyDown}
        onFocus={() => releaseTextSelection(editor)}
        onBlur={(event) => {
          // Tabbing on past the popover puts it away (null: a click on something unfocusable).
          const next = event.relatedTarget;
          if (next instanceof Node && !popover.current?.contains(next)) setState(CLOSED);
        }}
      >
        {state.mode === "view" ? (
          <LinkView
            url={state.url}
            onEdit={() => setState({ mode: "edit", url: state.url, hasLink: true, insert: false })}
            onRemove={remove}
          />
        ) : (
          <LinkForm
            url={state.url}
            hasLink={state.hasLink}
            insert={state.insert}
            onApply={(url, text) => {
              let applied = false;
              editor.update(
                () => {
                  if (!state.insert) {
                    applied = editor.dispatchCommand(TOGGLE_LINK_COMMAND, { url, target: LINK_TARGET, rel: LINK_REL });
                    return;
                  }
                  const selection = $getSelection();
                  if (!$isRangeSelection(selection)) return;
                  selection.insertNodes([$createDocumentLinkNode(url).append($createTextNode(text))]);
                  applied = true;
                },
                FROM_POPOVER,
              );
              if (applied) close(true);
              return applied;
            }}
            onRemove={remove}
            onCancel={() => close(true)}
          />
        )}
      </div>
    </>,
    surface,
  );
}

function LinkView({ url, onEdit, onRemove }: { url: string; onEdit: () => void; onRemove: () => void }) {
  return (
    <div className="link-editor__view">
      {isSafeUrl(url) && url ? (
        <a className="link-editor__url" href={url} target={LINK_TARGET} rel={LINK_REL} title={`Open ${url} in a new tab`}>
          {displayLinkUrl(url)}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      ) : (
        <span className="link-editor__url link-editor__url--dead">This link has no usable address</span>
      )}
      <button type="button" className="mark-button" onClick={onEdit}>
        Edit
      </button>
      <button type="button" className="mark-button mark-button--danger" onClick={onRemove}>
        Remove
      </button>
    </div>
  );
}

interface LinkFormProps {
  url: string;
  hasLink: boolean;
  insert: boolean;
  /** Returns false when the editor refused the address. */
  onApply: (url: string, text: string) => boolean;
  onRemove: () => void;
  onCancel: () => void;
}

function LinkForm({ url, hasLink, insert, onApply, onRemove, onCancel }: LinkFormProps) {
  const [address, setAddress] = useState(url);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const addressRef = useRef<HTMLInputElement>(null);
  const addressId = useId();
  const textId = useId();
  const errorId = useId();

  useEffect(() => {
    addressRef.current?.focus();
    addressRef.current?.select();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = normaliseLinkUrl(address);
    if (result.error !== undefined) {
      setError(result.error);
      addressRef.current?.focus();
      return;
    }
    if (!onApply(result.url, text.trim() || address.trim())) setError(INVALID_LINK_MESSAGE);
  };

  return (
    <form className="link-editor__form" onSubmit={submit} noValidate>
      <div className="link-editor__field">
        <label className="link-editor__label" htmlFor={addressId}>
          Link address
        </label>
        <input
          ref={addressRef}
          id={addressId}
          className="mark-input link-editor__input"
          type="text"
          inputMode="url"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder="example.com or /docs/page"
          value={address}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setAddress(event.target.value);
            setError(null);
          }}
        />
      </div>
      {insert ? (
        <div className="link-editor__field">
          <label className="link-editor__label" htmlFor={textId}>
            Text to show <span className="link-editor__optional">(optional)</span>
          </label>
          <input
            id={textId}
            className="mark-input link-editor__input"
            type="text"
            autoComplete="off"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="mark-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="link-editor__actions">
        <button type="submit" className="mark-button mark-button--primary">
          {hasLink ? "Save" : "Add link"}
        </button>
        {hasLink ? (
          <button type="button" className="mark-button mark-button--danger" onClick={onRemove}>
            Remove link
          </button>
        ) : null}
        <button type="button" className="mark-button link-editor__cancel" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
