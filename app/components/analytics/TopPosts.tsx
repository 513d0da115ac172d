import { Link } from "@remix-run/react";
import type { AnalyticsOut } from "../../../core/contracts/analytics";
import { formatCount, formatMomentIn, formatRate, networkLabel } from "./format";
import { Section } from "./Section";

type TopPost = AnalyticsOut["top_posts"][number];

const FIGURES = [
  ["impressions", "Impressions"],
  ["reach", "Reach"],
  ["engagements", "Engagements"],
  ["engagement_rate", "Engagement rate"],
  ["clicks", "Clicks"],
] as const;

/** The period's best posts by engagements: what each said, where and when, its figures, and the way to it on the network and in the calendar. */
export function TopPosts({ posts, tz, workspaceId, csv }: { posts: TopPost[]; tz: string; workspaceId: number; csv: string }) {
  return (
    <Section id="analytics-top-posts" title="Top posts" intro="The posts of the period with the most engagements." csv={csv} csvName="the top posts">
      {posts.length === 0 ? (
        <p className="analytics-note">No post of this period has figures yet.</p>
      ) : (
        <ol className="top-posts">
          {posts.map((post) => (
            <li key={post.target_id} className="top-post">
              <p className="top-post__text">{post.text || "(no text)"}</p>
              <p className="top-post__meta">
                <span>{networkLabel(post.network)}</span>
                <span>
                  {post.account.name}
                  {post.account.handle ? ` (@${post.account.handle.replace(/^@/, "")})` : ""}
                </span>
                <span>{formatMomentIn(post.published_at, tz)}</span>
                {post.campaign ? (
                  <Link to={`/workspaces/${workspaceId}/campaigns/${post.campaign.id}`} className="top-post__campaign">
                    {post.campaign.name}
                  </Link>
                ) : null}
              </p>
              <dl className="top-post__figures">
                {FIGURES.map(([key, label]) => (
                  <div key={key}>
                    <dt>{label}</dt>
                    <dd>{key === "engagement_rate" ? formatRate(post[key]) : formatCount(post[key])}</dd>
                  </div>
                ))}
              </dl>
              <p className="top-post__links">
                {post.url ? (
                  <a href={post.url} target="_blank" rel="noreferrer">
                    View on {networkLabel(post.network)}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                ) : null}
                <Link to={`/workspaces/${workspaceId}/scheduled-posts?post=${post.post_id}`}>Open in the calendar</Link>
              </p>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
