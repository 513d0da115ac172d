import { NavLink } from "@remix-run/react";
import type { ReactNode } from "react";
import { ChevronIcon, LogoMark } from "../ui/icons";
import { railItems } from "./navigation";

/** `extra`: live entries the shell adds for the current workspace (the inbox). */
export function NavRail({ onHide, extra }: { onHide?: () => void; extra?: ReactNode }) {
  return (
    <nav className="nav-rail" aria-label="Main">
      <NavLink to="/" className="nav-rail__brand" aria-label="Brandwork home">
        <LogoMark />
      </NavLink>
      <ul className="nav-rail__items">
        {railItems.map(({ to, label, icon: ItemIcon, end }) => (
          <li key={to}>
            <NavLink to={to} end={end} className="nav-rail__item" title={label}>
              <ItemIcon aria-hidden="true" />
              <span className="nav-rail__label">{label}</span>
            </NavLink>
          </li>
        ))}
        {extra ? <li>{extra}</li> : null}
      </ul>
      {onHide && (
        <button type="button" className="nav-rail__hide" onClick={onHide} aria-label="Hide navigation rail" title="Hide navigation rail">
          <ChevronIcon aria-hidden="true" style={{ transform: "rotate(90deg)" }} />
        </button>
      )}
    </nav>
  );
}
