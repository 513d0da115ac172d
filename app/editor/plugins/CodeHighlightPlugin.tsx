import { $createCodeHighlightNode, $isCodeHighlightNode, $isCodeNode, CodeNode } from "@lexical/code";
import { registerCodeIndentation } from "@lexical/code-core";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { mergeRegister } from "@lexical/utils";
import {
  $createLineBreakNode,
  $createTabNode,
  $getNodeByKey,
  $getSelection,
  $isLineBreakNode,
  $isRangeSelection,
  $isTabNode,
  type LexicalNode,
  type NodeKey,
} from "lexical";
import { useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { CODE_TAB_SIZE } from "../../../core/editor/code";
import { $getCodeBlockOptions, $setCodeBlockOptions } from "../../../core/editor/code";
import { CODE_LANGUAGES, normaliseLanguage, tokenize } from "../code/prism";

/** The nodes a code block's text becomes: highlighted runs, tabs and line breaks. */
function $nodesFor(code: string, language: string | null | undefined): LexicalNode[] {
  const nodes: LexicalNode[] = [];
  for (const token of tokenize(code, language)) {
    const parts = token.text.split(/(\n|\t)/);
    for (const part of parts) {
      if (part === "\n") nodes.push($createLineBreakNode());
      else if (part === "\t") nodes.push($createTabNode());
      else if (part) nodes.push($createCodeHighlightNode(part, token.type ?? undefined));
    }
  }
  return nodes;
}

const signature = (node: LexicalNode) =>
  $isCodeHighlightNode(node) ? `${node.getHighlightType() ?? ""}:${node.getTextContent()}` : $isLineBreakNode(node) ? "\n" : $isTabNode(node) ? "\t" : `?${node.getTextContent()}`;

/** Re-tokenises a code block when its text or language changed, keeping the caret's place. */
function $highlight(node: CodeNode) {
  const code = node.getTextContent();
  const fresh = $nodesFor(code, node.getLanguage());
  const current = node.getChildren();
  if (current.length === fresh.length && current.every((child, i) => signature(child) === signature(fresh[i]!))) return;

  const selection = $getSelection();
  let caret: number | null = null;
  if ($isRangeSelection(selection) && selection.isCollapsed()) {
    const anchor = selection.anchor.getNode();
    if (anchor === node) {
      caret = current.slice(0, selection.anchor.offset).reduce((sum, child) => sum + child.getTextContentSize(), 0);
    } else if (anchor.getParent() === node) {
      caret = current.slice(0, anchor.getIndexWithinParent()).reduce((sum, child) => sum + child.getTextContentSize(), 0) + selection.anchor.offset;
    }
  }
  node.clear();
  node.append(...fresh);
  if (caret === null) return;
  let offset = caret;
  for (const child of fresh) {
    const size = child.getTextContentSize();
    if (offset <= size && $isCodeHighlightNode(child)) {
      child.select(offset, offset);
      return;
    }
    if (offset < size || (offset === size && !$isCodeHighlightNode(child))) {
      const index = child.getIndexWithinParent() + (offset === 0 ? 0 : 1);
      node.select(index, index);
      return;
    }
    offset -= size;
  }
  node.selectEnd();
}

/**
 * Syntax highlighting for code blocks with Prism (tokens become CodeHighlightNodes the
 * theme colours), Tab indentation inside code, and, for editors, a language picker and the
 * line-number and wrapping switches on the block under the caret.
 */
export function CodeHighlightPlugin() {
  const [editor] = useLexicalComposerContext();
  const [active, setActive] = useState<{ key: NodeKey; element: HTMLElement; language: string; lineNumbers: boolean; lineWrapping: boolean } | null>(null);

  useEffect(
    () =>
      mergeRegister(
        editor.registerNodeTransform(CodeNode, $highlight),
        registerCodeIndentation(editor, CODE_TAB_SIZE),
        editor.registerMutationListener(CodeNode, (mutations) => {
          // Line numbers and wrapping are drawn by CSS from data attributes.
          editor.getEditorState().read(() => {
            for (const [key, kind] of mutations) {
              if (kind === "destroyed") continue;
              const node = $getNodeByKey(key);
              const element = editor.getElementByKey(key);
              if (!$isCodeNode(node) || !element) continue;
              const options = $getCodeBlockOptions(node);
              element.dataset.language = CODE_LANGUAGES[normaliseLanguage(options.language)] ?? "Plain text";
              element.toggleAttribute("data-line-numbers", options.lineNumbers);
              element.toggleAttribute("data-wrap", options.lineWrapping);
              element.style.setProperty("--code-lines", String(node.getTextContent().split("\n").length));
            }
          });
        }),
        editor.registerUpdateListener(({ editorState }) => {
          if (!editor.isEditable()) return setActive(null);
          editorState.read(() => {
            const selection = $getSelection();
            const anchor = $isRangeSelection(selection) ? selection.anchor.getNode() : null;
            const code = anchor ? ($isCodeNode(anchor) ? anchor : anchor.getParents().find($isCodeNode)) : null;
            const element = code ? editor.getElementByKey(code.getKey()) : null;
            if (!code || !element) return setActive(null);
            const options = $getCodeBlockOptions(code);
            setActive({ key: code.getKey(), element, language: normaliseLanguage(options.language), lineNumbers: options.lineNumbers, lineWrapping: options.lineWrapping });
          });
        }),
      ),
    [editor],
  );

  if (!active) return null;
  const change = (patch: Parameters<typeof $setCodeBlockOptions>[1]) =>
    editor.update(() => {
      const node = $getNodeByKey(active.key);
      if ($isCodeNode(node)) $setCodeBlockOptions(node, patch);
    });
  return createPortal(
    // Drawn over the block's top-right corner, in the surface (not inside the editable root).
    <div className="ed-code-tools" style={{ top: active.element.offsetTop + 4 }} onMouseDown={(event) => event.target instanceof HTMLSelectElement || event.preventDefault()}>
      <label>
        <span className="visually-hidden">Code language</span>
        <select value={active.language} onChange={(event) => change({ language: event.target.value })}>
          {Object.entries(CODE_LANGUAGES).map(([id, label]) => (
            <option key={id} value={id}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <button type="button" aria-pressed={active.lineNumbers} onClick={() => change({ lineNumbers: !active.lineNumbers })}>
        Line numbers
      </button>
      <button type="button" aria-pressed={active.lineWrapping} onClick={() => change({ lineWrapping: !active.lineWrapping })}>
        Wrap
      </button>
    </div>,
    editor.getRootElement()?.parentElement ?? document.body,
  );
}
