import { useState } from "react";
import type { ShareNetwork } from "../../../core/contracts/publishing";
import { api, ApiError } from "~/lib/api";
import { CopyButton } from "../ui/CopyButton";

const NETWORKS: { network: ShareNetwork; label: string }[] = [
  { network: "linkedin", label: "LinkedIn" },
  { network: "x", label: "X" },
  { network: "facebook", label: "Facebook" },
  { network: "email", label: "Email" },
];

/**
 * Share buttons: the API records the share and answers the network's share address. The
 * window opens on the click itself (popup blockers allow that), then is sent there.
 */
export function ShareMenu({ articleId, url }: { articleId: number; url: string }) {
  const [error, setError] = useState<string | null>(null);

  async function share(network: ShareNetwork) {
    setError(null);
    const popup = network === "email" ? null : window.open("", "_blank");
    if (popup) popup.opener = null;
    try {
      const { data } = await api.post<{ data: { url: string } }>(`/articles/${articleId}/social_share`, { network });
      if (popup) popup.location.href = data.url;
      else window.location.href = data.url;
    } catch (caught) {
      popup?.close();
      setError(caught instanceof ApiError ? caught.problem.message : "Sharing did not work. Try again.");
    }
  }

  return (
    <section className="share" aria-label="Share this page">
      <h2 className="share__title">Share</h2>
      <div className="share__buttons">
        {NETWORKS.map(({ network, label }) => (
          <button key={network} type="button" className="button share__button" onClick={() => share(network)}>
            {label}
          </button>
        ))}
        <CopyButton value={url} label="Copy link" />
      </div>
      {error ? (
        <p className="share__error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
