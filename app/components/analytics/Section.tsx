import type { ReactNode } from "react";

/**
 * One section of the analytics page: its heading, what it shows, and its CSV (the same
 * period and filters, as a download).
 */
export function Section({ id, title, intro, csv, csvName, children }: { id: string; title: string; intro?: ReactNode; csv: string; csvName: string; children: ReactNode }) {
  return (
    <section className="analytics-section" aria-labelledby={`${id}-heading`} id={id}>
      <header className="analytics-section__header">
        <div>
          <h2 id={`${id}-heading`} className="analytics-section__title">
            {title}
          </h2>
          {intro ? <p className="analytics-section__intro">{intro}</p> : null}
        </div>
        <a className="button button--small analytics-section__csv" href={csv} download>
          Download CSV<span className="visually-hidden"> of {csvName}</span>
        </a>
      </header>
      {children}
    </section>
  );
}

/** A table that may be wider than a phone scrolls inside its frame, never the page; the frame takes the keyboard so it can be scrolled. */
export function TableFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="analytics-table-frame" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
