import { useCollaborationContext } from "@lexical/react/LexicalCollaborationContext";
import { useEffect, useRef } from "react";
import { COLLAB_DOC_ID } from "../../../core/editor/yjs";

/** A Y.Map beside the document's content in the room's Y.Doc: settings every editor shares. */
const SETTINGS = "document-settings";

interface SharedTrackChangesProps {
  /** This editor's track-changes switch. */
  on: boolean;
  ready: boolean;
  /** Someone (possibly this tab, earlier) set the document's switch. */
  onShared: (on: boolean) => void;
}

/**
 * Track changes belongs to the document, not to one person's screen: turning it on records
 * every editor's edits, as a review needs. The switch lives in the room's Y.Doc, so it is live
 * for everyone in the document and still on when the next person opens it.
 */
export function SharedTrackChanges({ on, ready, onShared }: SharedTrackChangesProps) {
  const { yjsDocMap } = useCollaborationContext();
  /** The document's value as last seen or written here. */
  const shared = useRef<boolean | null>(null);
  const previous = useRef(on);

  useEffect(() => {
    const doc = ready ? yjsDocMap.get(COLLAB_DOC_ID) : undefined;
    if (!doc) return;
    const settings = doc.getMap<boolean>(SETTINGS);
    const read = () => {
      shared.current = settings.get("trackChanges") === true;
      onShared(shared.current);
    };
    read();
    settings.observe(read);
    return () => settings.unobserve(read);
  }, [ready, yjsDocMap, onShared]);

  useEffect(() => {
    // Only this person's own switching is written; following the document's value is not.
    const switched = previous.current !== on;
    previous.current = on;
    const doc = yjsDocMap.get(COLLAB_DOC_ID);
    if (!switched || !doc || shared.current === null || shared.current === on) return;
    shared.current = on;
    doc.getMap<boolean>(SETTINGS).set("trackChanges", on);
  }, [on, yjsDocMap]);

  return null;
}
