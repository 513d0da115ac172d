import { Link } from "@remix-run/react";
import { BookIcon } from "../ui/icons";
import type { HandbookJson } from "./types";

const updatedFormat = new Intl.DateTimeFormat("en", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** One handbook in the list: the whole card opens it. */
export function HandbookCard({ handbook }: { handbook: HandbookJson }) {
  const items = handbook.item_count ?? 0;
  return (
    <li className="hb-card">
      <span className="hb-card__icon" aria-hidden="true">
        <BookIcon />
      </span>
      <div className="hb-card__body">
        <h3 className="hb-card__title">
          <Link to={handbook.path} className="hb-card__link">
            {handbook.title}
          </Link>
        </h3>
        {handbook.description ? <p className="hb-card__description">{handbook.description}</p> : null}
        <p className="hb-card__meta">
          <span>{items === 1 ? "1 item" : `${items} items`}</span>
          {handbook.updated_at ? <span>Updated {updatedFormat.format(new Date(handbook.updated_at))}</span> : null}
        </p>
      </div>
    </li>
  );
}
