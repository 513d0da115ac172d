import { CheckListPlugin } from "@lexical/react/LexicalCheckListPlugin";
import { ClickableLinkPlugin } from "@lexical/react/LexicalClickableLinkPlugin";
import { LexicalCollaboration } from "@lexical/react/LexicalCollaborationContext";
import { CollaborationPlugin } from "@lexical/react/LexicalCollaborationPlugin";
import { LexicalComposer, type InitialConfigType } from "@lexical/react/LexicalComposer";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { ContentEditable } from "@lexical/react/LexicalContentEditable";
import { LexicalErrorBoundary } from "@lexical/react/LexicalErrorBoundary";
import { LinkPlugin } from "@lexical/react/LexicalLinkPlugin";
import { ListPlugin } from "@lexical/react/LexicalListPlugin";
import { RichTextPlugin } from "@lexical/react/LexicalRichTextPlugin";
import { TabIndentationPlugin } from "@lexical/react/LexicalTabIndentationPlugin";
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import type { SerializedDocument } from "../../core/document/types";
import { LINK_REL, LINK_TARGET } from "../../core/editor/link";
import { EDITOR_NODES } from "../../core/editor/nodes";
import { COLLAB_DOC_ID } from "../../core/editor/yjs";
import { editorModes, initialEditorModes } from "../../core/editor/modes";
import { DocumentView } from "~/components/document/DocumentView";
import { CollabBar } from "./collab/CollabBar";
import { useCollabSession } from "./collab/useCollabSession";
import { installDecorators } from "./decorators";
import { ChangesPanel } from "./changes/ChangesPanel";
import { SharedTrackChanges } from "./changes/SharedTrackChanges";
import { SuggestSwitch } from "./changes/SuggestSwitch";
import { BlockBehaviorsPlugin } from "./plugins/BlockBehaviorsPlugin";
import { CodeHighlightPlugin } from "./plugins/CodeHighlightPlugin";
import { FloatingToolbarPlugin } from "./plugins/FloatingToolbarPlugin";
import { ImagesPlugin } from "./plugins/ImagesPlugin";
import { LinkEditorPlugin } from "./plugins/LinkEditorPlugin";
import { isLinkHref } from "./plugins/linkUrl";
import { KeyboardShortcutsPlugin } from "./plugins/KeyboardShortcutsPlugin";
import { MarkdownShortcutsPlugin } from "./plugins/MarkdownShortcutsPlugin";
import { SlashMenuPlugin } from "./plugins/SlashMenuPlugin";
import { TablePlugins } from "./plugins/TablePlugins";
import { TrackChangesPlugin } from "./plugins/TrackChangesPlugin";
import { TodosPlugin } from "./plugins/TodosPlugin";
import { editorTheme } from "./theme";
import { EditorToolbar } from "./toolbar/EditorToolbar";

installDecorators();

export interface DocumentEditorProps {
  articleId: number;
  /** Version-control mode: edit this branch of the document (its own room) instead of main. */
  branchId?: number;
  /** The stored document: shown until the room's copy arrives, and if the room cannot be reached. */
  document: SerializedDocument;
  /** False for read and comment access: the document follows the room, without editing controls. */
  editable: boolean;
  password: string | null;
  /** May ask the AI writer for a rewrite in the brand voice (the API decides again). */
  canRewrite?: boolean;
  /** Bumped to move the caret into the body (Enter in the title); honoured once the editor is ready. */
  focusRequest?: number;
}

/**
 * The document editor at /docs/:slug: Lexical on the document's Yjs room. The room owns the
 * content (it seeds itself from the stored JSON once and saves back to the Worker), so the
 * editor never saves on its own and never bootstraps: a client-side seed would duplicate
 * the document when two people open it together.
 */
export function DocumentEditor({ articleId, branchId, document, editable, password, canRewrite = false, focusRequest = 0 }: DocumentEditorProps) {
  const collab = useCollabSession(articleId, password, editable, branchId ? `/branches/${branchId}/collab_token` : undefined);
  const [modes, dispatchModes] = useReducer(editorModes, initialEditorModes);
  const [suggestOn, setSuggestOn] = useState(false);
  const followTracking = useCallback((on: boolean) => dispatchModes({ type: "trackChanges", on }), []);
  const [anchor, setAnchor] = useState<HTMLDivElement | null>(null);
  const cursors = useRef<HTMLDivElement>(null);

  const initialConfig: InitialConfigType = {
    namespace: `document-${articleId}`,
    nodes: [...EDITOR_NODES],
    theme: editorTheme,
    editable: false,
    // The room supplies the content.
    editorState: null,
    onError: (error) => {
      throw error;
    },
  };

  const waiting = !collab.session || !collab.synced;
  // The room decides too: a read or comment token never writes, whatever the page thought.
  const canEdit = editable && collab.session?.mode === "edit";
  // Comment access suggests: the room takes a commenter's edits only as tracked changes.
  const canSuggest = collab.session?.mode === "comment";
  const suggesting = canSuggest && suggestOn;
  const tracking = (canEdit && modes.trackChanges) || suggesting;
  return (
    <div
      className="editor"
      data-focus-mode={modes.focus.shown ? "on" : undefined}
      // Whoever cannot switch it (readers, commenters) always sees the changes.
      data-show-changes={modes.showChanges || !canEdit ? "on" : undefined}
      data-editable={canEdit || suggesting ? "true" : "false"}
    >
      <CollabBar collab={collab} editable={canEdit || suggesting} />
      {canSuggest && !waiting ? <SuggestSwitch on={suggestOn} onChange={setSuggestOn} /> : null}
      {waiting ? (
        <div className="editor__placeholder-view" aria-busy={!collab.error}>
          <DocumentView document={document} />
        </div>
      ) : null}
      {collab.session ? (
        // A new mode (after archive or restore) means a new connection with the new token.
        <LexicalCollaboration key={collab.session.mode}>
          <LexicalComposer initialConfig={initialConfig}>
            <EditableSync editable={canEdit || suggesting} ready={!waiting} focusRequest={focusRequest} />
            {canEdit ? <SharedTrackChanges on={modes.trackChanges} ready={!waiting} onShared={followTracking} /> : null}
            {tracking ? <TrackChangesPlugin userId={collab.session.user.id} userName={collab.session.user.name} suggesting={suggesting} /> : null}
            {!waiting ? <ChangesPanel articleId={articleId} layer={branchId ? `branch-${branchId}` : undefined} password={password} userId={collab.session.user.id} canReview={canEdit} canSuggest={canSuggest} /> : null}
            {canEdit ? <EditorToolbar modes={modes} dispatchModes={dispatchModes} /> : null}
            <div className="editor__surface" hidden={waiting} ref={setAnchor}>
              <RichTextPlugin
                contentEditable={
                  <ContentEditable
                    className="editor__content"
                    aria-label="Document body"
                    aria-readonly={!canEdit && !suggesting}
                    spellCheck={canEdit || suggesting}
                  />
                }
                ErrorBoundary={LexicalErrorBoundary}
              />
              <div ref={cursors} className="editor__cursors" />
            </div>
            <CollaborationPlugin
              id={COLLAB_DOC_ID}
              providerFactory={collab.providerFactory}
              shouldBootstrap={false}
              username={collab.session.user.name}
              cursorColor={collab.session.user.color}
              cursorsContainerRef={cursors}
            />
            <ListPlugin />
            <CheckListPlugin />
            <LinkPlugin validateUrl={isLinkHref} attributes={{ target: LINK_TARGET, rel: LINK_REL }} />
            <ClickableLinkPlugin newTab disabled={canEdit} />
            <TablePlugins />
            <CodeHighlightPlugin />
            <BlockBehaviorsPlugin />
            {anchor ? <TodosPlugin articleId={articleId} password={password} canEdit={canEdit} anchor={anchor} meId={collab.session.user.id} /> : null}
            {canEdit ? (
              <>
                <TabIndentationPlugin />
                <MarkdownShortcutsPlugin />
                <KeyboardShortcutsPlugin modes={modes} dispatchModes={dispatchModes} />
                <SlashMenuPlugin />
                <LinkEditorPlugin />
                <ImagesPlugin articleId={articleId} password={password} />
                {anchor ? <FloatingToolbarPlugin anchor={anchor} rewrite={canRewrite ? { articleId, password } : null} /> : null}
              </>
            ) : null}
            {suggesting ? (
              <>
                {/* Tab and Shift+Tab indent a paragraph or heading as a tracked change (TrackChangesPlugin). */}
                <TabIndentationPlugin />
                <KeyboardShortcutsPlugin modes={modes} dispatchModes={dispatchModes} suggesting />
              </>
            ) : null}
          </LexicalComposer>
        </LexicalCollaboration>
      ) : null}
    </div>
  );
}

/**
 * Follows the page's editability (archive and restore change it) without rebuilding the
 * editor, and moves the caret into the body when asked, as soon as it can take it.
 */
function EditableSync({ editable, ready, focusRequest }: { editable: boolean; ready: boolean; focusRequest: number }) {
  const [editor] = useLexicalComposerContext();
  useEffect(() => editor.setEditable(editable), [editor, editable]);
  useEffect(() => {
    if (focusRequest > 0 && ready && editable) editor.focus(undefined, { defaultSelection: "rootStart" });
  }, [editor, focusRequest, ready, editable]);
  return null;
}
