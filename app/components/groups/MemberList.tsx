import { Avatar } from "../auth/Avatar";
import { formatDate, type GroupMember } from "./types";

/** Everyone in the group, owners first, with their role and when they joined. */
export function MemberList({ members, viewerId }: { members: GroupMember[]; viewerId: number }) {
  return (
    <ul className="member-list" aria-label="Members">
      {members.map((member) => {
        const named = member.name !== member.email;
        return (
          <li key={member.id} className="member-list__item">
            <Avatar name={member.name} hue={(member.id * 47) % 360} size={36} />
            <span className="member-list__who">
              <span className="member-list__name">
                {member.name}
                {member.id === viewerId ? <span className="member-list__you"> (you)</span> : null}
              </span>
              {named ? <span className="member-list__email">{member.email}</span> : null}
            </span>
            <span className="member-list__side">
              <span className={`role-badge role-badge--${member.role}`}>{member.role === "owner" ? "Owner" : "Member"}</span>
              {member.joined_at ? (
                <span className="member-list__joined">
                  Joined <time dateTime={member.joined_at}>{formatDate(member.joined_at)}</time>
                </span>
              ) : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
