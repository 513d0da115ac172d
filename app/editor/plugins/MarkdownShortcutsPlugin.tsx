import { MarkdownShortcutPlugin } from "@lexical/react/LexicalMarkdownShortcutPlugin";
import { MARKDOWN_SHORTCUTS } from "../markdownShortcuts";

/** Markdown typed at the start of a block (`## `, `- `, `> `, ``` ``` ```, `---`) or around text (`**bold**`). */
export function MarkdownShortcutsPlugin() {
  return <MarkdownShortcutPlugin transformers={MARKDOWN_SHORTCUTS} />;
}
