import { useEffect, useId, useRef, type ReactNode } from "react";
import { CloseIcon } from "~/components/ui/icons";

/**
 * A modal for the editor's own questions (an embed's address, an image). The app's Dialog
 * is opened by URL; these belong to the editor's state instead, so they open by prop. The
 * same look, focus kept inside, Escape or a click outside cancels.
 */
export function EditorDialog({ title, description, onClose, children }: { title: string; description?: ReactNode; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    dialog.showModal();
    dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
  }, []);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => event.target === event.currentTarget && onClose()}
    >
      <div className="dialog__panel">
        <header className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <button type="button" className="icon-button dialog__close" aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </button>
        </header>
        {description ? <div className="dialog__description">{description}</div> : null}
        {children}
      </div>
    </dialog>
  );
}
