import { Link } from "@remix-run/react";
import { LogoMark } from "../ui/icons";

/** The slim bar above public pages and the directory: the brand and a way into the directory. */
export function PublicHeader() {
  return (
    <header className="public-header">
      <Link to="/directory" className="public-header__brand">
        <LogoMark aria-hidden="true" />
        <span>Brandwork</span>
      </Link>
      <nav aria-label="Public pages">
        <Link to="/directory" className="public-header__link">
          Directory
        </Link>
      </nav>
    </header>
  );
}
