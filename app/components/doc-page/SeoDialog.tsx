import { useEffect, useMemo, useState } from "react";
import { analyseSeo, KEYWORD_DENSITY } from "../../../core/content/seo";
import { documentToPlainText } from "../../../core/document/text";
import type { SerializedDocument } from "../../../core/document/types";
import { Dialog } from "~/components/ui/Dialog";
import { api } from "~/lib/api";
import { SearchPerformance } from "./SearchPerformance";
import type { Article } from "./types";

interface LooseNode {
  type: string;
  tag?: string;
  text?: string;
  children?: LooseNode[];
}

const textOf = (node: LooseNode): string => (node.text ?? "") + (node.children ?? []).map(textOf).join("");

/** The document's headings in order, with their levels. */
function headingsOf(doc: SerializedDocument) {
  return (doc.root.children as unknown as LooseNode[]).filter((n) => n.type === "heading").map((n) => ({ level: Number(n.tag?.slice(1) ?? 2), text: textOf(n) }));
}

/**
 * The SeoAnalysis modal: readability, keyword density, title and meta lengths and heading
 * structure of the document's latest saved copy, each with what to do about it.
 */
export function SeoDialog({ open, closeTo, article, password }: { open: boolean; closeTo: string; article: Article; password: string | null }) {
  const [latest, setLatest] = useState<{ body: SerializedDocument; title: string; meta: string } | null>(null);
  const [keywords, setKeywords] = useState("");
  useEffect(() => {
    if (!open) return;
    let live = true;
    api.get<{ data: Article }>(`/articles/${article.id}`, { articlePassword: password }).then(
      ({ data }) => live && setLatest({ body: data.body as SerializedDocument, title: data.meta.title || data.title, meta: data.meta.description ?? "" }),
      () => live && setLatest({ body: article.body as SerializedDocument, title: article.meta.title || article.title, meta: article.meta.description ?? "" }),
    );
    return () => void (live = false);
  }, [open, article, password]);

  const report = useMemo(
    () =>
      latest
        ? analyseSeo({
            title: latest.title,
            description: latest.meta,
            text: documentToPlainText(latest.body),
            headings: headingsOf(latest.body),
            keywords: keywords.split(",").map((k) => k.trim()).filter(Boolean),
          })
        : null,
    [latest, keywords],
  );

  return (
    <Dialog open={open} closeTo={closeTo} title="SEO analysis" description={<p>How search engines and readers will see this document, from its latest saved version.</p>}>
      <div className="seo">
        <label className="field">
          <span className="field__label">Keywords to check</span>
          <input className="input" value={keywords} onChange={(e) => setKeywords(e.target.value)} placeholder="Separated by commas" data-autofocus />
        </label>
        {!report ? (
          <p role="status">Reading the document…</p>
        ) : (
          <>
            <dl className="seo__figures">
              <div>
                <dt>Reading ease</dt>
                <dd>
                  {report.readability.score} <span>{report.readability.label}</span>
                </dd>
              </div>
              <div>
                <dt>Words</dt>
                <dd>{report.words.toLocaleString()}</dd>
              </div>
              <div>
                <dt>Title</dt>
                <dd data-over={report.title.length > report.title.max || undefined}>
                  {report.title.length} / {report.title.max}
                </dd>
              </div>
              <div>
                <dt>Meta description</dt>
                <dd data-over={report.description.length > report.description.max || undefined}>
                  {report.description.length} / {report.description.max}
                </dd>
              </div>
              <div>
                <dt>Headings</dt>
                <dd>
                  {report.headings.total} <span>{report.headings.h1} H1</span>
                </dd>
              </div>
            </dl>
            {report.keywords.length ? (
              <table className="seo__keywords">
                <caption>
                  Keyword density (aim for {KEYWORD_DENSITY.min}–{KEYWORD_DENSITY.max}%)
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Keyword</th>
                    <th scope="col">Uses</th>
                    <th scope="col">Density</th>
                    <th scope="col">In title</th>
                  </tr>
                </thead>
                <tbody>
                  {report.keywords.map((k) => (
                    <tr key={k.keyword}>
                      <th scope="row">{k.keyword}</th>
                      <td>{k.count}</td>
                      <td>{k.density}%</td>
                      <td>{k.inTitle ? "Yes" : "No"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
            <h3 className="seo__title">Suggestions</h3>
            {report.suggestions.length ? (
              <ul className="seo__suggestions">
                {report.suggestions.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ul>
            ) : (
              <p>Nothing to fix: this document is in good shape.</p>
            )}
          </>
        )}
        {open ? <SearchPerformance workspaceId={article.workspace_id} publicPath={article.public_path} /> : null}
      </div>
    </Dialog>
  );
}
