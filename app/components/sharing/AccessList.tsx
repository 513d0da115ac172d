import { Link } from "@remix-run/react";
import type { AccessLevel } from "../../../core/enums";
import { FolderIcon, GlobeIcon, PeopleIcon } from "../ui/icons";
import { LEVEL_LABELS, type AccessGrant, type AccessListing, type InheritedGrant } from "./types";

interface AccessListProps {
  listing: AccessListing["data"];
  /** Levels this person may hand out; empty when they may only look. */
  levels: AccessLevel[];
  busyId: number | null;
  onChange: (grant: AccessGrant, permission: AccessLevel) => void;
  onRemove: (grant: AccessGrant) => void;
}

const GENERAL = new Set(["EveryoneAtWorkspace", "UnauthUser"]);

function Detail({ grant }: { grant: AccessGrant }) {
  const parts: string[] = [];
  if (grant.target_type === "User" && grant.target.user) parts.push(grant.target.user.email);
  if (grant.target_type === "Email") parts.push("Invited, hasn't joined yet");
  if (grant.target_type === "Channel") parts.push("Group");
  if (grant.read_receipt) parts.push(grant.read_at ? `Read ${new Date(grant.read_at).toLocaleDateString()}` : "Asked to confirm reading");
  return parts.length ? <span className="share-row__detail">{parts.join(" · ")}</span> : null;
}

function Avatar({ grant }: { grant: AccessGrant | InheritedGrant }) {
  if (grant.target_type === "User" || grant.target_type === "Email") {
    return <span className="share-row__avatar" aria-hidden="true">{grant.target.label.slice(0, 1).toUpperCase()}</span>;
  }
  return (
    <span className="share-row__avatar share-row__avatar--icon" aria-hidden="true">
      {grant.target_type === "UnauthUser" ? <GlobeIcon width={16} height={16} /> : <PeopleIcon width={16} height={16} />}
    </span>
  );
}

/** Who has access now: the owner, each grant on the document (changeable), and those from its folders. */
export function AccessList({ listing, levels, busyId, onChange, onRemove }: AccessListProps) {
  const direct = listing.accesses.filter((grant) => !GENERAL.has(grant.target_type));
  return (
    <section className="share-section" aria-labelledby="share-people-title">
      <h3 id="share-people-title" className="share-section__title">
        People with access
      </h3>
      <ul className="share-list">
        {listing.owner ? (
          <li className="share-row">
            <span className="share-row__avatar" aria-hidden="true">
              {listing.owner.name.slice(0, 1).toUpperCase()}
            </span>
            <span className="share-row__who">
              <span className="share-row__name">{listing.owner.name}</span>
              <span className="share-row__detail">{listing.owner.email}</span>
            </span>
            <span className="share-row__level">Owner</span>
          </li>
        ) : null}
        {direct.map((grant) => {
          const editable = levels.length > 0 && (grant.permission !== "owner" || levels.includes("owner"));
          const busy = busyId === grant.id;
          return (
            <li key={grant.id} className="share-row" aria-busy={busy || undefined}>
              <Avatar grant={grant} />
              <span className="share-row__who">
                <span className="share-row__name">{grant.target.label}</span>
                <Detail grant={grant} />
              </span>
              {editable ? (
                <span className="share-row__controls">
                  <select
                    className="input input--compact"
                    aria-label={`Access for ${grant.target.label}`}
                    value={grant.permission}
                    disabled={busy}
                    onChange={(event) => onChange(grant, event.target.value as AccessLevel)}
                  >
                    {levels.map((level) => (
                      <option key={level} value={level}>
                        {LEVEL_LABELS[level]}
                      </option>
                    ))}
                  </select>
                  <button type="button" className="link-button share-row__remove" disabled={busy} onClick={() => onRemove(grant)}>
                    Remove<span className="visually-hidden"> {grant.target.label}</span>
                  </button>
                </span>
              ) : (
                <span className="share-row__level">{LEVEL_LABELS[grant.permission]}</span>
              )}
            </li>
          );
        })}
        {listing.inherited_accesses.map((grant) => (
          <li key={`inherited-${grant.id}`} className="share-row share-row--inherited">
            <Avatar grant={grant} />
            <span className="share-row__who">
              <span className="share-row__name">{grant.target.label}</span>
              <span className="share-row__detail">
                <FolderIcon width={12} height={12} aria-hidden="true" /> From{" "}
                <Link to={`/folders/${grant.inherited_from.slug}`}>{grant.inherited_from.name}</Link>
              </span>
            </span>
            <span className="share-row__level">{LEVEL_LABELS[grant.permission]}</span>
          </li>
        ))}
      </ul>
      {direct.length === 0 && listing.inherited_accesses.length === 0 ? (
        <p className="share-section__empty">Nobody has been added yet. Add people above, or open it up under General access.</p>
      ) : null}
    </section>
  );
}
