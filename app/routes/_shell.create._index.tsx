import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { createPage } from "~/components/create/create.server";
import styles from "~/styles/create.css?url";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "Create" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = () => [{ title: "Create · Brandwork" }];
export const loader = ({ request, context }: LoaderFunctionArgs) => createPage(request, context);

/** `/create`: every kind of content the product writes, each starting from the workspace's default brand kit. */
export default function Create() {
  const { workspace, kits } = useLoaderData<typeof loader>();
  const kit = kits.find((k) => k.isDefault) ?? null;
  const kinds = [
    { to: "/create/social-post", title: "Social post", text: "One post for a network, written from a topic, saved as a draft you schedule." },
    { to: "/create/blog-post", title: "Blog post", text: "A brief, an outline you can edit, then the full draft as a document." },
    { to: `/workspaces/${workspace.id}/campaigns?new=1`, title: "Campaign", text: "One brief becomes posts for several channels, dated over the weeks you choose." },
    { to: "/create/nurture-email-sequence", title: "Nurture email sequence", text: "Emails that warm readers towards a goal, a few days apart." },
    { to: "/create/promo-email-sequence", title: "Promo email sequence", text: "An offer with a deadline, counted down over several emails." },
  ];
  return (
    <div className="page create-page">
      <p className="create-card__lead">
        {kit ? (
          <>
            Everything here starts in the voice of <strong>{kit.name}</strong>, your default brand kit; you can pick another on each form.
          </>
        ) : (
          <>
            No brand kit yet: <Link to={`/workspaces/${workspace.id}/brand-kits`}>set one up</Link> so what you write here sounds like you.
          </>
        )}
      </p>
      <ul className="create-kinds" aria-label="What to create">
        {kinds.map((kind) => (
          <li key={kind.to} className="create-kind">
            <h2 className="create-kind__title">
              <Link to={kind.to}>{kind.title}</Link>
            </h2>
            <p>{kind.text}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
