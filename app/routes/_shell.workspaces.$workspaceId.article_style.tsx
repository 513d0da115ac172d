import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { readingLevels } from "../../core/content/voice";
import { articleStyleAction, articleStylePage, type StyleActionResult } from "~/components/brain/article-style.server";
import { FormAlert } from "~/components/ui/Field";
import styles from "~/styles/brain.css?url";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "House style" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `House style · ${data.workspace.name} · Brandwork` : "House style · Brandwork" }];
export const loader = ({ request, context, params }: LoaderFunctionArgs) => articleStylePage(request, context, params.workspaceId);
export const action = ({ request, context, params }: ActionFunctionArgs) => articleStyleAction(request, context, params.workspaceId);

const LEVELS: Record<(typeof readingLevels)[number], string> = {
  simple: "Simple: short sentences, everyday words",
  standard: "Standard",
  expert: "Expert: precise, technical terms allowed",
};

/** `/workspaces/:id/article_style`: the rules every generated piece follows, whatever the brand kit. */
export default function ArticleStyle() {
  const { style, canEdit } = useLoaderData<typeof loader>();
  const result = useActionData<StyleActionResult>();
  const saving = useNavigation().state !== "idle";
  return (
    <div className="page brain-page">
      <p className="brain-page__lead">The house style applies to every blog post, email and social post the workspace generates. Brand kits add each brand's own voice on top.</p>
      <Form method="post" className="brain-card brain-form">
        <FormAlert message={result && !result.ok ? `${result.message}${result.fields ? ` (${Object.entries(result.fields).map(([f, m]) => `${f}: ${m.join(", ")}`).join("; ")})` : ""}` : null} />
        {result?.ok ? (
          <p className="badge badge--ok" role="status">
            {result.message}
          </p>
        ) : null}
        <fieldset disabled={!canEdit} className="brain-fieldset">
          <label className="field">
            <span className="field__label">Tone</span>
            <input className="input" name="tone" defaultValue={style.tone} maxLength={300} placeholder="e.g. Friendly, confident, never pushy" />
          </label>
          <label className="field">
            <span className="field__label">Reading level</span>
            <select className="input" name="reading_level" defaultValue={style.readingLevel}>
              {readingLevels.map((level) => (
                <option key={level} value={level}>
                  {LEVELS[level]}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field__label">Words to prefer</span>
            <textarea className="input" name="prefer_words" rows={2} defaultValue={style.preferWords.join(", ")} placeholder="Separated by commas" />
          </label>
          <label className="field">
            <span className="field__label">Words to avoid</span>
            <textarea className="input" name="avoid_words" rows={2} defaultValue={style.avoidWords.join(", ")} placeholder="Separated by commas: they never appear in generated content" />
          </label>
          <label className="field">
            <span className="field__label">Formatting rules</span>
            <textarea className="input" name="formatting" rows={3} maxLength={2000} defaultValue={style.formatting} placeholder="e.g. Sentence-case headings. No exclamation marks. Oxford comma." />
          </label>
        </fieldset>
        {canEdit ? (
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? "Saving…" : "Save house style"}
          </button>
        ) : (
          <p className="brain-empty">Only workspace admins can change the house style.</p>
        )}
      </Form>
    </div>
  );
}
