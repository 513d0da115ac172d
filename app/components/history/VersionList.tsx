import { Link } from "@remix-run/react";
import { versionKindLabels, type VersionSummary } from "../../../core/contracts/history";
import type { ShownVersion } from "../../../core/contracts/history-answers";
import { When } from "./When";

/** "Restored", "Published", or "Current document". */
export const versionLabel = (version: ShownVersion) => (version.kind === "current" ? "Current document" : versionKindLabels[version.kind]);

/** A version named in a sentence or a picker: "Published · Ana · 2 Dec, 13:57". */
export function versionName(version: ShownVersion, formatWhen: (iso: string) => string) {
  return [versionLabel(version), version.creator?.name, version.kind === "current" ? null : formatWhen(version.created_at)].filter(Boolean).join(" · ");
}

interface VersionListProps {
  slug: string;
  versions: VersionSummary[];
  selected: number | "current" | null;
  comparedWith: number | "current" | null;
  now: number;
  /** The list's page (`?page=`), kept by its links so the list stays where the reader is. */
  search?: string;
}

/** The kept versions, newest first: open one, or compare another with the one open. */
export function VersionList({ slug, versions, selected, comparedWith, now, search = "" }: VersionListProps) {
  return (
    <ol className="version-list" data-testid="versions">
      {versions.map((version) => {
        const isSelected = version.id === selected;
        return (
          <li key={version.id} className={`version-list__item${isSelected ? " version-list__item--selected" : ""}`} data-kind={version.kind}>
            <Link to={`/docs/${slug}/history/${version.id}${search}`} className="version-list__open" aria-current={isSelected ? "page" : undefined}>
              <strong>{versionKindLabels[version.kind]}</strong>
              <span className="version-list__meta">
                {version.creator ? `${version.creator.name} · ` : null}
                <When iso={version.created_at} now={now} />
              </span>
            </Link>
            {selected !== null && !isSelected ? (
              <Link
                to={`/docs/${slug}/history/${selected}/${version.id}${search}`}
                className="version-list__compare"
                aria-current={version.id === comparedWith ? "true" : undefined}
              >
                {version.id === comparedWith ? "Compared" : "Compare"}
                <span className="visually-hidden"> with the open version</span>
              </Link>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
