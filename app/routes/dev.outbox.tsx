import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { Fragment } from "react";
import { listOutbox, OUTBOX_LIMIT, outboxAvailable } from "~/lib/outbox.server";
import devStyles from "~/styles/dev.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: devStyles }];
export const meta: MetaFunction = () => [{ title: "Outbox · Brandwork (development)" }, { name: "robots", content: "noindex" }];

/**
 * GET /dev/outbox: the emails the app "sent" with no provider configured, so links can be
 * followed locally. Development on loopback only (`outboxAvailable`).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  if (!outboxAvailable(env, request)) throw new Response("Not found", { status: 404 });
  const to = new URL(request.url).searchParams.get("to");
  return { to: to ?? "", messages: await listOutbox(env, { to }), appEnv: env.APP_ENV, limit: OUTBOX_LIMIT };
}

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

/** Plain text with its URLs as links (the text is rendered as text, never as HTML). */
function Linkified({ text }: { text: string }) {
  return (
    <>
      {text.split(URL_PATTERN).map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part}>
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/** Deterministic on server and browser alike (no locale or time zone): "2026-04-01 14:03 UTC". */
const formatTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

export default function Outbox() {
  const { to, messages, appEnv, limit } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const loading = revalidator.state === "loading" || navigation.state === "loading";
  return (
    <div className="dev-page">
      <header className="dev-page__header">
        <div>
          <p className="eyebrow">Developer tools · {appEnv}</p>
          <h1>Outbox</h1>
          <p className="dev-page__lead">
            Emails stored because no email provider is configured, newest first (the last {limit}). This page exists only
            in development, on this machine.
          </p>
        </div>
        <div className="dev-page__tools">
          <Form method="get" className="dev-page__filter" role="search">
            <label htmlFor="outbox-to" className="visually-hidden">
              Recipient
            </label>
            <input id="outbox-to" className="input" type="email" name="to" defaultValue={to} placeholder="Filter by recipient" />
            <button type="submit" className="button">
              Filter
            </button>
            {to ? (
              <Link to="/dev/outbox" className="button">
                Clear
              </Link>
            ) : null}
          </Form>
          <button type="button" className="button" onClick={() => revalidator.revalidate()} disabled={loading}>
            {loading ? "Refreshing…" : "Refresh"}
          </button>
        </div>
      </header>
      {messages.length ? (
        <ol className="outbox" aria-label="Emails">
          {messages.map((message) => (
            <li key={message.id} className="outbox__item">
              <article aria-labelledby={`mail-${message.id}`}>
                <header className="outbox__meta">
                  <h2 id={`mail-${message.id}`} className="outbox__subject">
                    {message.subject}
                  </h2>
                  <span className="outbox__kind">{message.kind.replaceAll("_", " ")}</span>
                </header>
                <dl className="outbox__fields">
                  <div>
                    <dt>To</dt>
                    <dd>{message.to}</dd>
                  </div>
                  <div>
                    <dt>Sent</dt>
                    <dd>
                      <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
                    </dd>
                  </div>
                </dl>
                <pre className="outbox__text">
                  <Linkified text={message.text} />
                </pre>
              </article>
            </li>
          ))}
        </ol>
      ) : (
        <div className="dev-page__empty" role="status">
          <p className="dev-page__empty-title">{to ? `No emails to ${to}` : "No emails yet"}</p>
          <p>Ask for a password reset or invite someone, and the email will appear here.</p>
        </div>
      )}
    </div>
  );
}
