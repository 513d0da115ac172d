import { count } from "../../../core/counting";
import { Link } from "@remix-run/react";
import { BookIcon } from "../ui/icons";
import type { HandbookJson } from "./types";

const updatedFormat = new Intl.DateTimeFormat("en", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** One handbook in the list: the whole card opens it. */
export function HandbookCard({ handbook }: { handbook: HandbookJson }) {
  const items = handbook.item_count ?? 0;
  return (
    <li className="link-card">
      <span className="link-card__icon" aria-hidden="true">
        <BookIcon />
      </span>
      <div className="link-card__body">
        <h3 className="link-card__title">
          <Link to={handbook.path} className="link-card__link">
            {handbook.title}
          </Link>
        </h3>
        {handbook.description ? <p className="link-card__description">{handbook.description}</p> : null}
        <p className="link-card__meta">
          <span>{count(items, "item")}</span>
          {handbook.updated_at ? <span>Updated {updatedFormat.format(new Date(handbook.updated_at))}</span> : null}
        </p>
      </div>
    </li>
  );
}
