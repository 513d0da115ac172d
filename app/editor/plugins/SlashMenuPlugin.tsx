import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { LexicalTypeaheadMenuPlugin, MenuOption, useBasicTypeaheadTriggerMatch } from "@lexical/react/LexicalTypeaheadMenuPlugin";
import { useId, useMemo, useState } from "react";
import { createPortal } from "react-dom";
import { filterBlocks, type BlockOption } from "../blocks";

class BlockMenuOption extends MenuOption {
  constructor(readonly block: BlockOption) {
    super(block.id);
  }
}

/**
 * Typing "/" at the start of a block or after a space opens the block menu, filtered as
 * you type; arrows move, Enter inserts, Escape closes.
 */
export function SlashMenuPlugin() {
  const [editor] = useLexicalComposerContext();
  const [query, setQuery] = useState<string | null>(null);
  const listId = useId();
  const trigger = useBasicTypeaheadTriggerMatch("/", { minLength: 0, maxLength: 30 });
  const options = useMemo(() => filterBlocks(query ?? "").map((block) => new BlockMenuOption(block)), [query]);

  return (
    <LexicalTypeaheadMenuPlugin<BlockMenuOption>
      onQueryChange={setQuery}
      triggerFn={trigger}
      options={options}
      onSelectOption={(option, textNode, closeMenu) => {
        editor.update(() => textNode?.remove());
        closeMenu();
        option.block.insert(editor);
      }}
      menuRenderFn={(anchor, { selectedIndex, selectOptionAndCleanUp, setHighlightedIndex, options: shown }) =>
        anchor.current
          ? createPortal(
              <div className="slash-menu" role="presentation">
                {shown.length === 0 ? (
                  <p className="slash-menu__empty">No blocks match “{query}”</p>
                ) : (
                  <ul id={listId} className="slash-menu__list" role="listbox" aria-label="Insert a block">
                    {shown.map((option, index) => (
                      <li
                        key={option.key}
                        id={`${listId}-${option.key}`}
                        ref={(element) => option.setRefElement(element)}
                        role="option"
                        aria-selected={selectedIndex === index}
                        className="slash-menu__item"
                        onMouseEnter={() => setHighlightedIndex(index)}
                        onMouseDown={(event) => event.preventDefault()}
                        onClick={() => selectOptionAndCleanUp(option)}
                      >
                        <span className="slash-menu__icon" aria-hidden="true">
                          {option.block.icon}
                        </span>
                        <span className="slash-menu__text">
                          <span className="slash-menu__title">{option.block.title}</span>
                          <span className="slash-menu__hint">{option.block.hint}</span>
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </div>,
              anchor.current,
            )
          : null
      }
    />
  );
}
