import { Link } from "@remix-run/react";
import { useId } from "react";
import { CopyButton } from "../ui/CopyButton";
import { LinkIcon } from "../ui/icons";

/** The workspace's join link: anyone who opens it while signed in joins as a member. */
export function InvitationLink({
  url,
  workspaceName,
  regenerateHref,
}: {
  url: string;
  workspaceName: string;
  /** Admins may replace the link (the old one stops working). */
  regenerateHref: string | null;
}) {
  const id = useId();
  return (
    <section className="members-card invite-link" aria-labelledby={`${id}-title`}>
      <span className="invite-link__icon" aria-hidden="true">
        <LinkIcon />
      </span>
      <div className="invite-link__body">
        <h2 id={`${id}-title`} className="members-card__title">
          Invite with a link
        </h2>
        <p className="members-card__text">Anyone with this link can join {workspaceName} as a member. Share it only with your team.</p>
        <div className="copy-field">
          <label htmlFor={`${id}-url`} className="visually-hidden">
            Invitation link
          </label>
          <input id={`${id}-url`} className="input input--compact copy-field__input" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
          <CopyButton value={url} label="Copy link" className="button--small" />
        </div>
        {regenerateHref ? (
          <Link to={regenerateHref} replace preventScrollReset className="link-button invite-link__regenerate">
            Get a new link…
          </Link>
        ) : null}
      </div>
    </section>
  );
}
