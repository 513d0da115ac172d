import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { LogoMark } from "../ui/icons";

/** A single readable column for the connect flow's own pages (the chooser, a deletion's status), outside the app's shell. */
export function ConnectionPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="legal">
      <header className="legal__brand">
        <Link to="/" className="auth__logo" aria-label="Brandwork home">
          <LogoMark />
          <span>Brandwork</span>
        </Link>
      </header>
      <main id="main" className="legal__main">
        <h1>{title}</h1>
        {children}
      </main>
    </div>
  );
}
