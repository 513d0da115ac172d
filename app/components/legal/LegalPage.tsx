import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { LogoMark } from "../ui/icons";

/** A readable single column for the legal pages, reachable signed in or not (and with cookies blocked). */
export function LegalPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
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
        <p className="legal__updated">Last updated {updated}</p>
        {children}
      </main>
    </div>
  );
}
