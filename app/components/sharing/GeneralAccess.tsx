import { useId } from "react";
import { GlobeIcon, PeopleIcon } from "../ui/icons";
import { GENERAL_CHOICES, generalGrant, generalLevel, type GeneralLevel, type GeneralTarget } from "./generalAccess";
import { LEVEL_LABELS, type AccessGrant, type InheritedGrant } from "./types";

const ROWS: { target: GeneralTarget; title: string; explain: Record<GeneralLevel, string> }[] = [
  {
    target: "EveryoneAtWorkspace",
    title: "Everyone in the workspace",
    explain: {
      none: "Only people added here can open it.",
      read: "Every member can find and read it.",
      comment: "Every member can read it and comment.",
      edit: "Every member can edit it.",
    },
  },
  {
    target: "UnauthUser",
    title: "Anyone with the link",
    explain: {
      none: "The link works only for people with access.",
      read: "Anyone who has the link can read it, signed in or not.",
      comment: "Anyone who has the link can read it and comment.",
      edit: "",
    },
  },
];

const CHOICE_LABELS: Record<GeneralLevel, string> = { none: "No access", read: "Can read", comment: "Can comment", edit: "Can edit" };

interface GeneralAccessProps {
  grants: AccessGrant[];
  /** The same grants on a folder above: they apply too, and are changed on that folder. */
  inherited: InheritedGrant[];
  canChange: boolean;
  busy: GeneralTarget | null;
  onChange: (target: GeneralTarget, grant: AccessGrant | null, level: GeneralLevel) => void;
}

/** "General access": the workspace's members and anyone with the link, one level each. */
export function GeneralAccess({ grants, inherited, canChange, busy, onChange }: GeneralAccessProps) {
  const titleId = useId();
  return (
    <section className="share-section" aria-labelledby={titleId}>
      <h3 id={titleId} className="share-section__title">
        General access
      </h3>
      <ul className="share-list">
        {ROWS.map((row) => {
          const grant = generalGrant(grants, row.target);
          const level = generalLevel(grant);
          const fromFolder = inherited.find((entry) => entry.target_type === row.target);
          return (
            <li key={row.target} className="share-row" aria-busy={busy === row.target || undefined}>
              <span className="share-row__avatar share-row__avatar--icon" aria-hidden="true">
                {row.target === "UnauthUser" ? <GlobeIcon width={16} height={16} /> : <PeopleIcon width={16} height={16} />}
              </span>
              <span className="share-row__who">
                <span className="share-row__name">{row.title}</span>
                <span className="share-row__detail">
                  {fromFolder
                    ? `${LEVEL_LABELS[fromFolder.permission]} through the folder “${fromFolder.inherited_from.name}”${level === "none" ? "" : `; here: ${row.explain[level].toLowerCase()}`}`
                    : row.explain[level]}
                </span>
              </span>
              {canChange ? (
                <select
                  className="input input--compact"
                  aria-label={row.title}
                  value={level}
                  disabled={busy !== null}
                  onChange={(event) => onChange(row.target, grant, event.target.value as GeneralLevel)}
                >
                  {GENERAL_CHOICES[row.target].map((choice) => (
                    <option key={choice} value={choice}>
                      {CHOICE_LABELS[choice]}
                    </option>
                  ))}
                </select>
              ) : (
                <span className="share-row__level">{CHOICE_LABELS[level]}</span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
