/**
 * SPEC section 4's editor modes. Track changes: enabling it also turns on show-changes;
 * show-changes can be set on its own. Focus mode: shown or hidden; the manual flag (the
 * writer asked for it, rather than it coming on while they typed) is kept only while it is
 * shown; and it can be disabled, which hides it and keeps it from coming back by itself.
 */
export interface EditorModes {
  trackChanges: boolean;
  showChanges: boolean;
  focus: { shown: boolean; manual: boolean; disabled: boolean };
}

export type EditorModeAction =
  | { type: "trackChanges"; on: boolean }
  | { type: "showChanges"; on: boolean }
  /** `manual`: the writer turned it on (button or shortcut), not the typing-streak trigger. */
  | { type: "showFocus"; manual: boolean }
  | { type: "hideFocus" }
  | { type: "disableFocus"; disabled: boolean };

export const initialEditorModes: EditorModes = {
  trackChanges: false,
  showChanges: false,
  focus: { shown: false, manual: false, disabled: false },
};

export function editorModes(state: EditorModes, action: EditorModeAction): EditorModes {
  switch (action.type) {
    case "trackChanges":
      return { ...state, trackChanges: action.on, showChanges: action.on ? true : state.showChanges };
    case "showChanges":
      return { ...state, showChanges: action.on };
    case "showFocus":
      // Typing may bring focus mode back only when it is not disabled; asking for it always works.
      if (state.focus.disabled && !action.manual) return state;
      return { ...state, focus: { shown: true, manual: action.manual || (state.focus.shown && state.focus.manual), disabled: false } };
    case "hideFocus":
      return { ...state, focus: { ...state.focus, shown: false, manual: false } };
    case "disableFocus":
      return action.disabled
        ? { ...state, focus: { shown: false, manual: false, disabled: true } }
        : { ...state, focus: { ...state.focus, disabled: false } };
  }
}
