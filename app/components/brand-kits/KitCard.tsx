import { Link } from "@remix-run/react";
import type { BrandKitJson } from "../../../worker/presenters/brand-kits";

/** A kit in the list: its logo, colours, fonts and whether it is the default. */
export function KitCard({ kit, workspaceId }: { kit: BrandKitJson; workspaceId: number }) {
  const logo = kit.logos.find((l) => l.variant === "Original") ?? kit.logos[0];
  return (
    <li className="kit-card">
      <Link to={`/workspaces/${workspaceId}/brand-kits/${kit.id}`} className="kit-card__link">
        <div className="kit-card__logo" aria-hidden="true">
          {logo ? <img src={logo.url} alt="" /> : <span>{kit.name.slice(0, 1).toUpperCase()}</span>}
        </div>
        <div className="kit-card__body">
          <h2 className="kit-card__name">
            {kit.name}
            {kit.is_default ? <span className="badge badge--accent kit-card__default">Default</span> : null}
          </h2>
          {kit.colors.length ? (
            <ul className="kit-card__colors" aria-label="Colours">
              {kit.colors.slice(0, 8).map((color, i) => (
                <li key={i} className="kit-swatch" style={{ background: color.value }} title={color.name || color.value}>
                  <span className="visually-hidden">{color.name || color.value}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="kit-card__hint">No colours yet</p>
          )}
          <p className="kit-card__hint">
            {[kit.fonts.title, kit.fonts.body].filter(Boolean).join(" · ") || "No fonts chosen"} · {Object.keys(kit.notes).length} of 6 voice notes
          </p>
        </div>
      </Link>
    </li>
  );
}
