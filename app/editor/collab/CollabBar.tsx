import { count } from "../../../core/counting";
import { initialsOf } from "~/components/auth/Avatar";
import type { Collaborator, CollabStatus } from "./useCollabSession";

interface CollabBarProps {
  collab: { error: string | null; status: CollabStatus; synced: boolean; people: Collaborator[] };
  editable: boolean;
}

const MAX_FACES = 5;

function statusText({ error, status, synced }: CollabBarProps["collab"], editable: boolean): { text: string; tone: "ok" | "busy" | "warn" } {
  if (error) return { text: `${error} Showing the last saved version.`, tone: "warn" };
  if (!synced) return { text: status === "disconnected" ? "Can't reach the live document yet. Retrying…" : "Opening the live document…", tone: "busy" };
  if (status !== "connected")
    return { text: editable ? "Offline. Keep writing: your changes merge when the connection is back." : "Offline. Reconnecting…", tone: "warn" };
  return { text: editable ? "Live. Changes save automatically." : "Live. You're viewing; changes from editors appear as they type.", tone: "ok" };
}

/** Who is in the document and whether this tab is connected to its room. */
export function CollabBar({ collab, editable }: CollabBarProps) {
  const { text, tone } = statusText(collab, editable);
  const others = collab.people.filter((person) => !person.self);
  const shown = others.slice(0, MAX_FACES);
  return (
    <div className="collab-bar">
      <p className="collab-bar__status" data-tone={tone} role="status" aria-live="polite">
        <span className="collab-bar__dot" aria-hidden="true" />
        {text}
      </p>
      {others.length > 0 ? (
        <ul className="collab-bar__people" aria-label={`${count(others.length, ["other person", "other people"])} here`}>
          {shown.map((person) => (
            <li
              key={person.clientId}
              className="collab-bar__face"
              style={{ background: person.color }}
              title={`${person.name}${person.focusing ? " (editing)" : ""}`}
              data-focusing={person.focusing ? "true" : undefined}
            >
              <span aria-hidden="true">{initialsOf(person.name)}</span>
              <span className="visually-hidden">{person.name}</span>
            </li>
          ))}
          {others.length > MAX_FACES ? <li className="collab-bar__face collab-bar__face--more">+{others.length - MAX_FACES}</li> : null}
        </ul>
      ) : null}
    </div>
  );
}
