import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { api } from "~/lib/api";

/**
 * A new workspace's first visit: tells the API it has been seen (so `is_new` clears) and,
 * when this was the first view (`isFirstView`, SPEC section 4), welcomes the person with
 * links to the first two steps. Dismissable.
 */
export function WelcomeBanner({ workspaceId, workspaceName }: { workspaceId: number; workspaceName: string }) {
  const [firstView, setFirstView] = useState(false);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    api
      .put<{ data: { isFirstView: boolean } }>(`/w/${workspaceId}/seen`)
      .then((response) => !cancelled && setFirstView(Boolean(response?.data?.isFirstView)))
      // Failing to record the view only means the welcome may show again next time.
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [workspaceId]);

  if (!firstView || dismissed) return null;
  const base = `/workspaces/${workspaceId}`;
  return (
    <section className="welcome-banner" aria-label="Welcome">
      <div>
        <h2 className="welcome-banner__title">Welcome to {workspaceName}</h2>
        <p>
          Your workspace is ready. <Link to={`${base}/brand-kits`}>Set up your brand kit</Link>, then{" "}
          <Link to={`${base}/campaigns`}>plan your first campaign</Link>.
        </p>
      </div>
      <button type="button" className="button" onClick={() => setDismissed(true)}>
        Got it
      </button>
    </section>
  );
}
