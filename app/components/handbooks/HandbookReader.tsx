import { Link } from "@remix-run/react";
import type { SerializedDocument } from "../../../core/document/types";
import { DocumentView } from "../document/DocumentView";
import { LockIcon } from "../ui/icons";

interface ReaderProps {
  title: string;
  slug: string | null;
  body: SerializedDocument | null;
  /** Shown beside the title, e.g. the handbook's description on its cover. */
  lead?: string;
  canEdit: boolean;
  previous?: { title: string; href: string } | null;
  next?: { title: string; href: string } | null;
}

/** A document read inside the handbook, with a way to its editor and to the pages around it. */
export function HandbookReader({ title, slug, body, lead, canEdit, previous, next }: ReaderProps) {
  return (
    <article className="hb-reader" aria-labelledby="hb-reader-title">
      <header className="hb-reader__header">
        <h1 id="hb-reader-title" className="hb-reader__title">
          {title || "Untitled"}
        </h1>
        {slug ? (
          <Link to={`/docs/${slug}`} className="button button--small">
            {canEdit ? "Open in editor" : "Open document"}
          </Link>
        ) : null}
      </header>
      {lead ? <p className="hb-reader__lead">{lead}</p> : null}
      {body ? (
        <DocumentView document={body} />
      ) : (
        <div className="hb-reader__locked">
          <LockIcon aria-hidden="true" />
          <p>
            {slug
              ? "This document is password protected. Open it to enter the password."
              : "This handbook has no cover page you can read."}
          </p>
        </div>
      )}
      {previous || next ? (
        <nav className="hb-reader__pager" aria-label="Pages of this handbook">
          {previous ? (
            <Link to={previous.href} rel="prev" className="hb-reader__step">
              <span className="hb-reader__step-label">Previous</span>
              {previous.title}
            </Link>
          ) : (
            <span />
          )}
          {next ? (
            <Link to={next.href} rel="next" className="hb-reader__step hb-reader__step--next">
              <span className="hb-reader__step-label">Next</span>
              {next.title}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </article>
  );
}
