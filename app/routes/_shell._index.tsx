import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "Home" };

export const meta: MetaFunction = () => [{ title: "Home · Brandwork" }];

export default function Home() {
  return (
    <div className="page">
      <section className="hero">
        <p className="eyebrow">Brandwork</p>
        <h2 className="hero__title">Marketing content in your brand's voice</h2>
        <p className="hero__lead">
          Plan campaigns, write blog posts, social posts and email sequences with your brand kit, and keep every
          document, review and handbook in one workspace.
        </p>
      </section>
      <section className="card-grid" aria-label="Workspace">
        <article className="card">
          <h3>System status</h3>
          <p>See whether the API, the database and scheduled jobs are healthy.</p>
          <Link className="button" to="/status">
            Open status
          </Link>
        </article>
      </section>
    </div>
  );
}
