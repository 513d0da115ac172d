import type { ReactNode } from "react";

/** The line under the top bar's title: what this list holds, and the page's main actions. */
export function FilesHeader({ lead, children }: { lead: ReactNode; children?: ReactNode }) {
  return (
    <header className="files-header">
      <p className="files-header__lead">{lead}</p>
      {children ? <div className="files-header__actions">{children}</div> : null}
    </header>
  );
}

/** A list with nothing in it: what it would hold, and what to do next. */
export function FilesEmpty({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="files-empty" aria-label={title}>
      <span className="files-empty__icon" aria-hidden="true">
        {icon}
      </span>
      <h2 className="files-empty__title">{title}</h2>
      {children}
    </section>
  );
}
