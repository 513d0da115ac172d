import { $isLinkNode } from "@lexical/link";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { SelectionAlwaysOnDisplay } from "@lexical/react/LexicalSelectionAlwaysOnDisplay";
import {
  $findMatchingParent,
  $getSelection,
  $isRangeSelection,
  COMMAND_PRIORITY_HIGH,
  COMMAND_PRIORITY_LOW,
  createCommand,
  FORMAT_TEXT_COMMAND,
  KEY_DOWN_COMMAND,
  mergeRegister,
  SKIP_DOM_SELECTION_TAG,
  type LexicalCommand,
  type TextFormatType,
} from "lexical";
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
} from "react";
import { createPortal } from "react-dom";
import { LinkIcon } from "~/components/ui/icons";
import { OPEN_LINK_EDITOR_COMMAND } from "../commands";
import { ColorPicker } from "../toolbar/ColorPicker";
import { FontFamilyControl, FontSizeControl, FontWeightControl } from "../toolbar/FontControls";
import { RewriteControl, RewriteNotice, useBrandVoiceRewrite, type RewriteTarget } from "../toolbar/RewriteControl";
import {
  $applyTextStyle,
  $clearTextFormatting,
  $readSelectionTextStyle,
  listedFontFamily,
  type SelectionTextStyle,
  type TextStylePatch,
} from "../toolbar/textMarks";
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

/**
 * Another panel that works on the selection (the link editor) asks the toolbar to step
 * aside while it is open (true) and to come back when it closes (false).
 */
export const HIDE_FLOATING_TOOLBAR_COMMAND: LexicalCommand<boolean> = createCommand("HIDE_FLOATING_TOOLBAR_COMMAND");

/** The shortcut that moves focus from the text into the toolbar (as in most editors). */
export const FOCUS_TOOLBAR_SHORTCUT = "Alt+F10";

const FORMATS: ReadonlyArray<{ format: TextFormatType; label: string; glyph: string; key?: string }> = [
  { format: "bold", label: "Bold", glyph: "B", key: "B" },
  { format: "italic", label: "Italic", glyph: "I", key: "I" },
  { format: "underline", label: "Underline", glyph: "U", key: "U" },
  { format: "strikethrough", label: "Strikethrough", glyph: "S" },
  { format: "code", label: "Inline code", glyph: "</>" },
  { format: "subscript", label: "Subscript", glyph: "x₂" },
  { format: "superscript", label: "Superscript", glyph: "x²" },
];

interface ToolbarState {
  formats: ReadonlySet<TextFormatType>;
  marks: SelectionTextStyle;
  link: boolean;
}

/** What the toolbar shows for the selection, or null when it should not show. */
function $readToolbarState(): ToolbarState | null {
  const selection = $getSelection();
  if (!$isRangeSelection(selection) || selection.isCollapsed() || selection.getTextContent() === "") return null;
  if ($isInCodeBlock(selection)) return null;
  return {
    formats: new Set(FORMATS.map(({ format }) => format).filter((format) => selection.hasFormat(format))),
    marks: $readSelectionTextStyle(selection),
    link: selection.getNodes().some((node) => $findMatchingParent(node, $isLinkNode) !== null),
  };
}

/**
 * The floating toolbar for marks: over a non-empty text selection outside code blocks it
 * offers the text formats, a link, font family, size and weight, text colour (gradients
 * too), highlight and clear formatting, portalled into `anchor` (the positioned editor
 * surface). With `rewrite` (people who may ask for AI revisions) it also offers "Rewrite in
 * brand voice". Keyboard: Alt+F10 from the text moves into it, Left/Right/Home/End move
 * between its controls, Escape goes back to the text. On phones it docks to the bottom.
 */
export function FloatingToolbarPlugin({ anchor, rewrite: rewriteTarget = null }: { anchor: HTMLElement; rewrite?: RewriteTarget | null }) {
  const [editor] = useLexicalComposerContext();
  const rewrite = useBrandVoiceRewrite(rewriteTarget);
  const [state, setState] = useState<ToolbarState | null>(() => editor.getEditorState().read($readToolbarState));
  // While a pointer is still dragging out the selection the toolbar waits, rather than jumping along.
  const [selecting, setSelecting] = useState(false);
  const [focus, setFocus] = useState<"text" | "toolbar" | "elsewhere">("elsewhere");
  const [steppedAside, setSteppedAside] = useState(false);
  const { docked, keyboardInset } = useMobileDock();
  const toolbarRef = useRef<HTMLDivElement>(null);
  const lastItem = useRef<HTMLElement | null>(null);

  const visible = state !== null && !selecting && focus !== "elsewhere" && !steppedAside;
  const visibleRef = useRef(visible);
  useEffect(() => {
    visibleRef.current = visible;
  }, [visible]);

  const toolbarItems = () => [...(toolbarRef.current?.querySelectorAll<HTMLElement>("[data-toolbar-item]") ?? [])];

  useEffect(
    () =>
      mergeRegister(
        editor.registerUpdateListener(({ editorState }) => setState(editorState.read($readToolbarState))),
        editor.registerCommand(
          HIDE_FLOATING_TOOLBAR_COMMAND,
          (hide) => {
            setSteppedAside(hide);
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
        editor.registerCommand(
          KEY_DOWN_COMMAND,
          (event) => {
            if (!(event.altKey && event.key === "F10") || !visibleRef.current) return false;
            event.preventDefault();
            const items = toolbarItems();
            (items.find((item) => item === lastItem.current) ?? items[0])?.focus();
            return true;
          },
          COMMAND_PRIORITY_HIGH,
        ),
        editor.registerRootListener((root) => {
          if (!root) return;
          const onPointerDown = (event: PointerEvent) => {
            if (event.button === 0) setSelecting(true);
          };
          root.addEventListener("pointerdown", onPointerDown);
          return () => root.removeEventListener("pointerdown", onPointerDown);
        }),
      ),
    [editor],
  );

  useEffect(() => {
    if (!selecting) return;
    const done = () => setSelecting(false);
    window.addEventListener("pointerup", done);
    window.addEventListener("pointercancel", done);
    window.addEventListener("blur", done);
    return () => {
      window.removeEventListener("pointerup", done);
      window.removeEventListener("pointercancel", done);
      window.removeEventListener("blur", done);
    };
  }, [selecting]);

  // The toolbar shows while focus is in the text or in the toolbar itself, not after the
  // person has moved on to another part of the page.
  useEffect(() => {
    const locate = (element: Element | null) => {
      const root = editor.getRootElement();
      if (element && toolbarRef.current?.contains(element)) setFocus("toolbar");
      else if (element && root?.contains(element)) setFocus("text");
      else setFocus("elsewhere");
    };
    const onFocusIn = () => locate(document.activeElement);
    const onFocusOut = (event: globalThis.FocusEvent) => {
      // Null when focus goes nowhere in particular (a click on plain page text, a window switch):
      // look again once the browser has settled.
      if (event.relatedTarget instanceof Element) locate(event.relatedTarget);
      else window.setTimeout(() => locate(document.activeElement), 0);
    };
    locate(document.activeElement);
    document.addEventListener("focusin", onFocusIn);
    document.addEventListener("focusout", onFocusOut);
    return () => {
      document.removeEventListener("focusin", onFocusIn);
      document.removeEventListener("focusout", onFocusOut);
    };
  }, [editor]);

  const place = useCallback(() => {
    const toolbar = toolbarRef.current;
    if (!toolbar) return;
    if (docked) {
      // The phone dock is laid out in CSS; drop what the floating layout left behind.
      toolbar.style.removeProperty("left");
      toolbar.style.removeProperty("top");
      return;
    }
    const box = editor.getEditorState().read(() => {
      const selection = $getSelection();
      return $isRangeSelection(selection) ? $selectionBox(editor, selection) : null;
    });
    if (!box) return;
    const viewport = viewportSize();
    const placement = placeFloating({
      target: box,
      size: { width: toolbar.offsetWidth, height: toolbar.offsetHeight },
      viewport,
      prefer: "above",
      topInset: stickyTopInset(),
    });
    const origin = anchor.getBoundingClientRect();
    toolbar.style.left = `${placement.left - origin.left}px`;
    toolbar.style.top = `${placement.top - origin.top}px`;
    toolbar.dataset.side = placement.side;
    // Panels open away from the nearer screen edge.
    toolbar.dataset.popovers = placement.top > viewport.height / 2 ? "up" : "down";
  }, [anchor, docked, editor]);

  useLayoutEffect(() => {
    if (visible) place();
  }, [visible, state, place]);

  useEffect(() => {
    if (!visible || docked) return;
    let frame = 0;
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(place);
    };
    window.addEventListener("scroll", schedule, true);
    window.addEventListener("resize", schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule, true);
      window.removeEventListener("resize", schedule);
    };
  }, [visible, docked, place]);

  // One tab stop: the control last used (else the first); the arrow keys reach the rest.
  const syncTabStops = () => {
    const items = toolbarItems();
    const current = items.find((item) => item === lastItem.current) ?? items[0];
    for (const item of items) item.tabIndex = item === current ? 0 : -1;
  };
  useLayoutEffect(syncTabStops);

  /**
   * Runs a change from the toolbar. With focus in a toolbar control, Lexical must not move
   * the browser's selection back into the text: in Chrome that also moves focus there, and
   * the person would lose their place in the toolbar. Committed at once so the tag cannot
   * reach a later update batched with it (Escape's `editor.focus()`).
   */
  const change = useCallback(
    (update: () => void) => {
      const root = editor.getRootElement();
      const inText = root !== null && root.contains(document.activeElement);
      editor.update(update, inText ? undefined : { tag: SKIP_DOM_SELECTION_TAG, discrete: true });
    },
    [editor],
  );
  const applyStyle = useCallback((patch: TextStylePatch) => change(() => $applyTextStyle(patch)), [change]);

  const modifier = useMemo(() => (/Mac|iPhone|iPad/.test(navigator.userAgent) ? "⌘" : "Ctrl+"), []);
  const selectedText = useCallback(
    () =>
      editor.getEditorState().read(() => {
        const selection = $getSelection();
        return $isRangeSelection(selection) ? selection.getTextContent() : "";
      }),
    [editor],
  );

  // The rewrite's outcome stays on the page when the toolbar hides (the revision moves the selection).
  const notice = rewriteTarget ? createPortal(<RewriteNotice rewrite={rewrite} />, anchor) : null;
  // The same two places in both returns, so the notice (a live region) is never rebuilt.
  if (!visible || state === null)
    return (
      <>
        {null}
        {notice}
      </>
    );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    // An open panel owns its keys (and handles its own Escape).
    if (target.closest(".mark-popover")) return;
    if (event.key === "Escape") {
      event.preventDefault();
      editor.focus();
      return;
    }
    const items = toolbarItems();
    const index = items.indexOf(target);
    if (index < 0) return;
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: items.length - 1 };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    items[(next + items.length) % items.length]?.focus();
  };

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    if (event.target.hasAttribute("data-toolbar-item")) {
      lastItem.current = event.target;
      syncTabStops();
    }
    releaseTextSelection(editor);
  };

  // A click on a button must not take focus (and with it the selection) from the text.
  const keepTextFocus = (event: MouseEvent<HTMLDivElement>) => {
    if (!(event.target as HTMLElement).closest("input, textarea")) event.preventDefault();
  };

  const { marks, formats } = state;
  const toolbar = createPortal(
    <>
      {focus === "toolbar" ? <SelectionAlwaysOnDisplay onReposition={markKeptSelection} /> : null}
      <div
        ref={toolbarRef}
        className="floating-toolbar"
        role="toolbar"
        aria-label="Text formatting"
        aria-orientation="horizontal"
        aria-keyshortcuts={FOCUS_TOOLBAR_SHORTCUT}
        data-docked={docked || undefined}
        data-popovers={docked ? "up" : undefined}
        style={docked ? ({ "--keyboard-inset": `${keyboardInset}px` } as CSSProperties) : undefined}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        onMouseDown={keepTextFocus}
      >
        <div className="floating-toolbar__controls">
          <div className="floating-toolbar__group" role="group" aria-label="Text style">
            {FORMATS.map(({ format, label, glyph, key }) => (
              <button
                key={format}
                type="button"
                className="floating-toolbar__button"
                data-toolbar-item
                aria-label={label}
                aria-pressed={formats.has(format)}
                title={key ? `${label} (${modifier}${key})` : label}
                onClick={() => change(() => void editor.dispatchCommand(FORMAT_TEXT_COMMAND, format))}
              >
                <span className={`floating-toolbar__glyph floating-toolbar__glyph--${format}`} aria-hidden="true">
                  {glyph}
                </span>
              </button>
            ))}
            <button
              type="button"
              className="floating-toolbar__button"
              data-toolbar-item
              aria-label="Link"
              aria-pressed={state.link}
              title={`${state.link ? "Edit link" : "Add link"} (${modifier}K)`}
              onClick={() => editor.dispatchCommand(OPEN_LINK_EDITOR_COMMAND, undefined)}
            >
              <LinkIcon width="18" height="18" />
            </button>
          </div>
          <span className="floating-toolbar__divider" aria-hidden="true" />
          <div className="floating-toolbar__group" role="group" aria-label="Font">
            <FontFamilyControl value={listedFontFamily(marks.style.fontFamily)} mixed={marks.mixed.has("fontFamily")} onChange={applyStyle} />
            <FontSizeControl value={marks.style.fontSize} mixed={marks.mixed.has("fontSize")} onChange={applyStyle} />
            <FontWeightControl value={marks.style.fontWeight} mixed={marks.mixed.has("fontWeight")} onChange={applyStyle} />
          </div>
          <span className="floating-toolbar__divider" aria-hidden="true" />
          <div className="floating-toolbar__group" role="group" aria-label="Colour">
            <ColorPicker
              kind="text"
              color={marks.style.color}
              gradient={marks.style.gradient}
              mixed={marks.mixed.has("color") || marks.mixed.has("gradient")}
              onChange={applyStyle}
            />
            <ColorPicker kind="highlight" color={marks.style.highlight} mixed={marks.mixed.has("highlight")} onChange={applyStyle} />
          </div>
          <span className="floating-toolbar__divider" aria-hidden="true" />
          <button
            type="button"
            className="floating-toolbar__button"
            data-toolbar-item
            aria-label="Clear formatting"
            title="Clear formatting"
            onClick={() => change($clearTextFormatting)}
          >
            <ClearFormattingIcon />
          </button>
          {rewriteTarget ? (
            <>
              <span className="floating-toolbar__divider" aria-hidden="true" />
              <RewriteControl rewrite={rewrite} selectedText={selectedText} />
            </>
          ) : null}
        </div>
      </div>
    </>,
    anchor,
  );
  return (
    <>
      {toolbar}
      {notice}
    </>
  );
}

function ClearFormattingIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M5 5h11M10.5 5 8 19" />
      <path d="m14 14 6 6M20 14l-6 6" />
    </svg>
  );
}
