import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { BLOG_LENGTHS, blogLengths, type BlogLength, type OutlineSection } from "../../core/contracts/content";
import { createPage } from "~/components/create/create.server";
import { GenerationProgress } from "~/components/create/GenerationProgress";
import { useGeneration } from "~/components/create/useGeneration";
import documentStyles from "~/styles/document.css?url";
import styles from "~/styles/create.css?url";
import type { ShellHandle } from "./_shell";
import { BrandKitField, WrittenBy } from "~/components/create/BrandKitField";

export const handle: ShellHandle = { title: "New blog post" };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "stylesheet", href: documentStyles },
];
export const meta: MetaFunction = () => [{ title: "New blog post · Brandwork" }];
export const loader = ({ request, context }: LoaderFunctionArgs) => createPage(request, context);

interface Brief {
  topic: string;
  keywords: string;
  audience: string;
  length: BlogLength;
  brandKitId: string;
}

type OutlineResult = { result: { outline: OutlineSection[] } };
type DraftResult = { article: { id: number; slug: string }; notes: string[] };

const splitList = (value: string) =>
  value
    .split(/[,\n]/)
    .map((v) => v.trim())
    .filter(Boolean);

/** `/create/blog-post`: a brief, an outline the writer can edit, then the draft, which becomes a document. */
export default function CreateBlogPost() {
  const { workspace, kits, provider } = useLoaderData<typeof loader>();
  const defaultKit = kits.find((k) => k.isDefault);
  const [brief, setBrief] = useState<Brief>({ topic: "", keywords: "", audience: "", length: "medium", brandKitId: defaultKit ? String(defaultKit.id) : "" });
  const [outline, setOutline] = useState<OutlineSection[] | null>(null);
  const outlineRun = useGeneration<OutlineResult>(workspace.id);
  const draftRun = useGeneration<DraftResult>(workspace.id);
  const step = draftRun.phase !== "idle" ? "draft" : outline || outlineRun.phase !== "idle" ? "outline" : "brief";
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (outlineRun.phase === "done" && outlineRun.result) setOutline(outlineRun.result.result.outline);
  }, [outlineRun.phase, outlineRun.result]);
  useEffect(() => heading.current?.focus(), [step]);

  const briefBody = () => ({
    topic: brief.topic,
    keywords: splitList(brief.keywords),
    audience: brief.audience,
    length: brief.length,
    ...(brief.brandKitId ? { brand_kit_id: Number(brief.brandKitId) } : {}),
  });
  const writeOutline = (event?: FormEvent) => {
    event?.preventDefault();
    setOutline(null);
    void outlineRun.start({ kind: "blog_outline", brief: briefBody() });
  };
  const writeDraft = () => {
    if (!outline) return;
    const cleaned = outline.map((s) => ({ heading: s.heading.trim(), points: s.points.map((p) => p.trim()).filter(Boolean) })).filter((s) => s.heading);
    void draftRun.start({ kind: "blog_draft", brief: { ...briefBody(), outline: cleaned } });
  };
  const fieldError = (name: string) => outlineRun.fields[`brief.${name}`]?.[0] ?? draftRun.fields[`brief.${name}`]?.[0];

  return (
    <div className="page create-page">
      <ol className="create-steps" aria-label="Steps">
        {(["brief", "outline", "draft"] as const).map((name, i) => (
          <li key={name} aria-current={step === name ? "step" : undefined}>
            <span>{i + 1}</span> {name === "brief" ? "Brief" : name === "outline" ? "Outline" : "Draft"}
          </li>
        ))}
      </ol>
      <WrittenBy provider={provider} what="drafts" />

      {step === "brief" ? (
        <form className="create-card" onSubmit={writeOutline} noValidate>
          <h1 ref={heading} tabIndex={-1} className="create-card__title">
            What should the post be about?
          </h1>
          <label className="field">
            <span className="field__label">Topic</span>
            <input className="input" value={brief.topic} onChange={(e) => setBrief({ ...brief, topic: e.target.value })} maxLength={300} required placeholder="e.g. Win back lapsed customers" aria-invalid={fieldError("topic") ? true : undefined} />
            {fieldError("topic") ? <span className="field__error">Topic {fieldError("topic")}</span> : null}
          </label>
          <label className="field">
            <span className="field__label">Keywords</span>
            <input className="input" value={brief.keywords} onChange={(e) => setBrief({ ...brief, keywords: e.target.value })} placeholder="Separated by commas" />
          </label>
          <label className="field">
            <span className="field__label">Audience</span>
            <input className="input" value={brief.audience} onChange={(e) => setBrief({ ...brief, audience: e.target.value })} maxLength={300} placeholder="e.g. owners of independent shops" />
          </label>
          <fieldset className="create-lengths">
            <legend className="field__label">Length</legend>
            {blogLengths.map((length) => (
              <label key={length} className="create-length">
                <input type="radio" name="length" checked={brief.length === length} onChange={() => setBrief({ ...brief, length })} /> {BLOG_LENGTHS[length].label}
              </label>
            ))}
          </fieldset>
          <BrandKitField workspaceId={workspace.id} kits={kits} value={brief.brandKitId} onChange={(brandKitId) => setBrief({ ...brief, brandKitId })} uses="posts" />
          <div className="create-actions">
            <button type="submit" className="button button--primary" disabled={brief.topic.trim().length < 3}>
              Write the outline
            </button>
          </div>
        </form>
      ) : null}

      {step === "outline" ? (
        <section className="create-card" aria-labelledby="outline-title">
          <h1 id="outline-title" ref={heading} tabIndex={-1} className="create-card__title">
            Outline for “{brief.topic}”
          </h1>
          {outline ? (
            <>
              <p className="create-card__lead">Edit, add or remove sections. The draft follows this outline.</p>
              <OutlineEditor outline={outline} onChange={setOutline} />
              {outlineRun.notes.length ? <Notes notes={outlineRun.notes} /> : null}
              <div className="create-actions">
                <button type="button" className="button" onClick={() => (setOutline(null), outlineRun.reset())}>
                  Back to the brief
                </button>
                <button type="button" className="button" onClick={() => writeOutline()}>
                  Rewrite the outline
                </button>
                <button type="button" className="button button--primary" onClick={writeDraft} disabled={!outline.some((s) => s.heading.trim())}>
                  Write the draft
                </button>
              </div>
            </>
          ) : (
            <GenerationProgress run={outlineRun} onRetry={() => writeOutline()} onBack={() => outlineRun.reset()} label="Writing the outline" />
          )}
        </section>
      ) : null}

      {step === "draft" ? (
        <section className="create-card" aria-labelledby="draft-title">
          <h1 id="draft-title" ref={heading} tabIndex={-1} className="create-card__title">
            {draftRun.phase === "done" ? "Your draft is ready" : "Writing the draft"}
          </h1>
          {draftRun.phase === "done" && draftRun.result ? (
            <>
              <p className="create-card__lead">It is a document in your workspace now: open it to edit, share and publish.</p>
              {draftRun.result.notes.length ? <Notes notes={draftRun.result.notes} /> : null}
              <div className="create-actions">
                <button type="button" className="button" onClick={() => draftRun.reset()}>
                  Back to the outline
                </button>
                <Link to={`/docs/${draftRun.result.article.slug}`} className="button button--primary">
                  Open the document
                </Link>
              </div>
            </>
          ) : null}
          <GenerationProgress run={draftRun} onRetry={writeDraft} onBack={() => draftRun.reset()} label="Writing the draft" showTextWhenDone markdown />
        </section>
      ) : null}
    </div>
  );
}

function Notes({ notes }: { notes: string[] }) {
  return (
    <ul className="create-notes" aria-label="What the guardrails changed">
      {notes.map((note) => (
        <li key={note}>{note}</li>
      ))}
    </ul>
  );
}

function OutlineEditor({ outline, onChange }: { outline: OutlineSection[]; onChange: (outline: OutlineSection[]) => void }) {
  const update = (index: number, patch: Partial<OutlineSection>) => onChange(outline.map((s, i) => (i === index ? { ...s, ...patch } : s)));
  return (
    <ol className="outline-editor">
      {outline.map((section, index) => (
        <li key={index} className="outline-editor__section">
          <label className="field">
            <span className="field__label">Section {index + 1}</span>
            <input className="input" value={section.heading} maxLength={200} onChange={(e) => update(index, { heading: e.target.value })} />
          </label>
          <label className="field">
            <span className="field__label">Points, one per line</span>
            <textarea className="input" rows={Math.max(2, section.points.length)} value={section.points.join("\n")} onChange={(e) => update(index, { points: e.target.value.split("\n").slice(0, 10) })} />
          </label>
          <div className="outline-editor__tools">
            <button type="button" className="button button--small" disabled={index === 0} onClick={() => onChange(outline.map((s, i) => (i === index - 1 ? outline[index]! : i === index ? outline[index - 1]! : s)))} aria-label={`Move section ${index + 1} up`}>
              ↑
            </button>
            <button type="button" className="button button--small" onClick={() => onChange(outline.filter((_, i) => i !== index))} aria-label={`Remove section ${index + 1}`}>
              Remove
            </button>
          </div>
        </li>
      ))}
      {outline.length < 15 ? (
        <li>
          <button type="button" className="button button--small" onClick={() => onChange([...outline, { heading: "", points: [] }])}>
            Add a section
          </button>
        </li>
      ) : null}
    </ol>
  );
}
