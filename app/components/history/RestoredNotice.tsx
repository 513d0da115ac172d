import { Link } from "@remix-run/react";
import { withoutParam } from "../ui/Dialog";
import { ClockIcon } from "../ui/icons";

/**
 * On the document after "Restore this version" (`?restored=<version id>`): what happened and
 * where the text from before went.
 */
export function RestoredNotice({ slug, location }: { slug: string; location: { pathname: string; search: string } }) {
  const restored = new URLSearchParams(location.search).get("restored");
  if (!restored || !/^\d+$/.test(restored)) return null;
  return (
    <div className="doc-banner" role="status" data-testid="restored-notice">
      <ClockIcon width={18} height={18} aria-hidden="true" />
      <span>An earlier version was restored. The text from before is kept in the history.</span>
      <Link to={`/docs/${slug}/history`} className="doc-banner__link">
        See the history
      </Link>
      <Link to={withoutParam(location, "restored")} replace preventScrollReset className="doc-banner__link">
        Dismiss
      </Link>
    </div>
  );
}
