import { type CodeNode } from "@lexical/code";
import { $getState, $setState, createState } from "lexical";

export { CODE_INDENT_UNIT, CODE_TAB_SIZE } from "./constants";

/**
 * SPEC section 3's code block fields beyond @lexical/code's own `language` and `theme`:
 * line numbers and line wrapping, kept as Lexical node state on the stock CodeNode (stored
 * under its `$` key) rather than a subclass, so @lexical/code's commands and highlighter
 * keep working on every code block.
 */
export const codeLineNumbersState = createState("lineNumbers", {
  parse: (value) => (typeof value === "boolean" ? value : false),
});

export const codeLineWrappingState = createState("lineWrapping", {
  parse: (value) => (typeof value === "boolean" ? value : false),
});

export interface CodeBlockOptions {
  language: string | null | undefined;
  theme: string | undefined;
  lineNumbers: boolean;
  lineWrapping: boolean;
}

export function $getCodeBlockOptions(node: CodeNode): CodeBlockOptions {
  return {
    language: node.getLanguage(),
    theme: node.getTheme(),
    lineNumbers: $getState(node, codeLineNumbersState),
    lineWrapping: $getState(node, codeLineWrappingState),
  };
}

export function $setCodeBlockOptions(node: CodeNode, options: Partial<CodeBlockOptions>): CodeNode {
  if (options.language !== undefined) node.setLanguage(options.language);
  if (options.theme !== undefined) node.setTheme(options.theme);
  if (options.lineNumbers !== undefined) $setState(node, codeLineNumbersState, options.lineNumbers);
  if (options.lineWrapping !== undefined) $setState(node, codeLineWrappingState, options.lineWrapping);
  return node;
}
