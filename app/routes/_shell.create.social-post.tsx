import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { CHANNEL_LABELS, socialChannels, type SocialChannel } from "../../core/content/channels";
import type { SocialPost } from "../../core/contracts/content";
import { socialPostPage } from "~/components/create/create.server";
import { GenerationProgress } from "~/components/create/GenerationProgress";
import { useGeneration } from "~/components/create/useGeneration";
import { localInputValue } from "~/components/scheduling/types";
import { api, ApiError } from "~/lib/api";
import styles from "~/styles/create.css?url";
import type { ShellHandle } from "./_shell";
import { BrandKitField, WrittenBy } from "~/components/create/BrandKitField";

export const handle: ShellHandle = { title: "New social post" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = () => [{ title: "New social post · Brandwork" }];
export const loader = ({ request, context }: LoaderFunctionArgs) => socialPostPage(request, context);

/** Networks a single post is written for (SEO pages and emails have their own creators). */
const POST_CHANNELS = socialChannels.filter((channel) => channel !== "seo" && channel !== "email");
type PostsResult = { result: { posts: SocialPost[] }; notes: string[] };

const postText = (post: SocialPost) => [post.body.trim(), post.hashtags.join(" ")].filter(Boolean).join("\n\n");
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * `/create/social-post`: a topic and a network, the post written in the brand's voice, edited
 * here, then saved as a draft post for an account, which opens on the calendar to be scheduled.
 */
export default function CreateSocialPost() {
  const { workspace, kits, provider, accounts, canSchedule } = useLoaderData<typeof loader>();
  const defaultKit = kits.find((k) => k.isDefault);
  const [brief, setBrief] = useState({ topic: "", channel: "twitter" as SocialChannel, audience: "", brandKitId: defaultKit ? String(defaultKit.id) : "" });
  const [text, setText] = useState("");
  const [accountId, setAccountId] = useState(accounts[0] ? String(accounts[0].id) : "");
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<{ id: number } | null>(null);
  const run = useGeneration<PostsResult>(workspace.id);
  const heading = useRef<HTMLHeadingElement>(null);
  const step = run.phase === "idle" ? "brief" : "post";
  const base = `/workspaces/${workspace.id}`;

  useEffect(() => {
    const post = run.phase === "done" ? run.result?.result.posts[0] : undefined;
    if (post) setText(postText(post));
  }, [run.phase, run.result]);
  useEffect(() => heading.current?.focus(), [step]);

  const write = (event?: FormEvent) => {
    event?.preventDefault();
    setSaved(null);
    setProblem(null);
    void run.start({
      kind: "social_posts",
      brief: { topic: brief.topic, channels: [brief.channel], audience: brief.audience, ...(brief.brandKitId ? { brand_kit_id: Number(brief.brandKitId) } : {}) },
    });
  };

  async function saveDraft() {
    setSaving(true);
    setProblem(null);
    try {
      const zone = browserZone();
      // A draft still has a time: the next whole hour, which the calendar lets you change when you schedule it.
      const nextHour = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000).toISOString();
      const { data } = await api.post<{ data: { id: number } }>(`/w/${workspace.id}/posts`, {
        text,
        targets: [{ account_id: Number(accountId) }],
        local_time: localInputValue(nextHour, zone),
        time_zone: zone,
        draft: true,
      });
      setSaved({ id: data.id });
    } catch (failure) {
      setProblem(failure instanceof ApiError ? failure.problem.message : "Saving the draft failed. Try again.");
    } finally {
      setSaving(false);
    }
  }

  const fieldError = (name: string) => run.fields[`brief.${name}`]?.[0];

  return (
    <div className="page create-page">
      <WrittenBy provider={provider} what="posts" />

      {step === "brief" ? (
        <form className="create-card" onSubmit={write} noValidate>
          <h2 ref={heading} tabIndex={-1} className="create-card__title">
            What should the post say?
          </h2>
          <label className="field">
            <span className="field__label">Topic</span>
            <input className="input" value={brief.topic} onChange={(e) => setBrief({ ...brief, topic: e.target.value })} maxLength={300} required placeholder="e.g. Our winter blend is back" aria-invalid={fieldError("topic") ? true : undefined} />
            {fieldError("topic") ? <span className="field__error">Topic {fieldError("topic")}</span> : null}
          </label>
          <label className="field">
            <span className="field__label">Network</span>
            <select className="input" value={brief.channel} onChange={(e) => setBrief({ ...brief, channel: e.target.value as SocialChannel })}>
              {POST_CHANNELS.map((channel) => (
                <option key={channel} value={channel}>
                  {CHANNEL_LABELS[channel]}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field__label">Audience</span>
            <input className="input" value={brief.audience} onChange={(e) => setBrief({ ...brief, audience: e.target.value })} maxLength={300} placeholder="e.g. regulars who order on Fridays" />
          </label>
          <BrandKitField workspaceId={workspace.id} kits={kits} value={brief.brandKitId} onChange={(brandKitId) => setBrief({ ...brief, brandKitId })} uses="posts" />
          <div className="create-actions">
            <button type="submit" className="button button--primary" disabled={brief.topic.trim().length < 3}>
              Write the post
            </button>
          </div>
        </form>
      ) : (
        <section className="create-card" aria-labelledby="post-title">
          <h2 id="post-title" ref={heading} tabIndex={-1} className="create-card__title">
            {run.phase === "done" ? `Your ${CHANNEL_LABELS[brief.channel]} post` : "Writing the post"}
          </h2>
          {run.phase === "done" ? (
            <>
              <label className="field">
                <span className="field__label">Post text</span>
                <textarea className="input" rows={8} value={text} onChange={(e) => setText(e.target.value)} />
              </label>
              {run.notes.length ? (
                <ul className="create-notes" aria-label="What the guardrails changed">
                  {run.notes.map((note) => (
                    <li key={note}>{note}</li>
                  ))}
                </ul>
              ) : null}
              {saved ? (
                <div className="create-saved" role="status">
                  <p>Saved as a draft post. Schedule it on the calendar: pick the time, then Schedule.</p>
                  <Link to={`${base}/scheduled-posts?edit=${saved.id}`} className="button button--primary">
                    Schedule it
                  </Link>
                </div>
              ) : !canSchedule ? (
                <p>Ask an admin or member of {workspace.name} to schedule it; copy the text above.</p>
              ) : accounts.length === 0 ? (
                // Saying why the draft can't be saved yet, and where to fix it, rather than hiding the step.
                <p className="create-blocked">
                  Connect an account first: a post is saved for the account it goes out on, and the Sandbox needs no keys.{" "}
                  <Link to={`${base}/scheduled-posts`}>Connect an account</Link>
                </p>
              ) : (
                <div className="create-actions">
                  <label className="field">
                    <span className="field__label">Account</span>
                    <select className="input" value={accountId} onChange={(e) => setAccountId(e.target.value)}>
                      {accounts.map((account) => (
                        <option key={account.id} value={account.id}>
                          {account.name}
                        </option>
                      ))}
                    </select>
                  </label>
                  <button type="button" className="button" onClick={() => run.reset()}>
                    Back to the brief
                  </button>
                  <button type="button" className="button" onClick={() => write()}>
                    Rewrite
                  </button>
                  <button type="button" className="button button--primary" disabled={saving || !text.trim()} onClick={() => void saveDraft()}>
                    {saving ? "Saving…" : "Save as a draft post"}
                  </button>
                </div>
              )}
              {problem ? (
                <p className="field__error" role="alert">
                  {problem}
                </p>
              ) : null}
            </>
          ) : null}
          <GenerationProgress run={run} onRetry={() => write()} onBack={() => run.reset()} label="Writing the post" />
        </section>
      )}
    </div>
  );
}
