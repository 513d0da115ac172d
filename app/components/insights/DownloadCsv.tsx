import { useState } from "react";
import { api, ApiError } from "~/lib/api";
import { storedArticlePassword } from "../doc-page/articlePassword";

/**
 * "Download CSV": fetched through the API client (so a protected document's password goes
 * along as it does for every call the page makes), then handed to the browser as a file.
 */
export function DownloadCsv({ articleId, period, filename }: { articleId: number; period: string; filename: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function download() {
    setBusy(true);
    setError(null);
    try {
      const text = await api.get<string>(`/articles/${articleId}/insights.csv`, {
        query: { period },
        headers: { Accept: "text/csv" },
        articlePassword: storedArticlePassword(articleId),
      });
      const link = document.createElement("a");
      link.href = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
      link.download = filename;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.problem.message : "The download did not work. Try again.");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="insights-download">
      <button type="button" className="button" onClick={download} disabled={busy}>
        {busy ? "Preparing…" : "Download CSV"}
      </button>
      {error ? (
        <p className="insights-download__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
