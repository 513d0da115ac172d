import { count } from "../../core/counting";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useNavigate, useRevalidator, useSearchParams } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { ACCOUNT_STATE_LABELS, overallState, targetStates, TARGET_STATE_LABELS } from "../../core/publishing/states";
import { scheduledPostsPage } from "~/components/scheduling/scheduling.server";
import { Composer } from "~/components/scheduling/Composer";
import { ConnectNetworks } from "~/components/scheduling/ConnectNetworks";
import { PostDetails, StateBadge } from "~/components/scheduling/PostDetails";
import { formatWhen, localInputValue, shiftLocal, type Account, type Post } from "~/components/scheduling/types";
import { useLiveUpdates } from "~/components/scheduling/useLiveUpdates";
import { Dialog } from "~/components/ui/Dialog";
import { FormAlert } from "~/components/ui/Field";
import { TimeZoneOptions } from "~/components/ui/TimeZoneOptions";
import { api, ApiError } from "~/lib/api";
import styles from "~/styles/scheduling.css?url";
import type { ShellHandle } from "./_shell";

const Calendar = lazy(() => import("~/components/scheduling/Calendar.client"));

export const handle: ShellHandle = { title: "Scheduled posts" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Scheduled posts · ${data.workspace.name} · Brandwork` : "Scheduled posts · Brandwork" }];
export const loader = ({ request, context, params }: LoaderFunctionArgs) => scheduledPostsPage(request, context, params.workspaceId);

const browserZone = () => (typeof Intl === "undefined" ? "UTC" : Intl.DateTimeFormat().resolvedOptions().timeZone);
const nextHour = () => new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000).toISOString();

export default function ScheduledPosts() {
  const data = useLoaderData<typeof loader>();
  const { workspace, accounts, limits, schedules, policies } = data;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const base = `/workspaces/${workspace.id}/scheduled-posts`;
  const [mounted, setMounted] = useState(false);
  const [zone, setZone] = useState(data.userTimeZone ?? data.workspaceTimeZone);
  const [posts, setPosts] = useState<Post[]>(data.posts);
  // The connect flow lands here with what happened, in words.
  const [notice, setNotice] = useState<string | null>(params.get("connect_notice"));
  const [problem, setProblem] = useState<string | null>(params.get("connect_error"));
  const [showConnectors, setShowConnectors] = useState(false);
  const [filters, setFilters] = useState({ account: "", network: "", state: "", campaign: "" });
  const activeFilters = Object.values(filters).filter(Boolean).length;
  const [open, setOpen] = useState<"accounts" | "filters" | null>(null);
  const toggleFold = (fold: "accounts" | "filters") => setOpen((current) => (current === fold ? null : fold));
  const range = useRef<{ from: Date; to: Date } | null>(null);

  useEffect(() => {
    setMounted(true);
    // Without a zone of their own, people see their computer's.
    if (!data.userTimeZone) setZone(browserZone());
  }, [data.userTimeZone]);
  useEffect(() => setPosts(data.posts), [data.posts]);

  const refresh = useCallback(async () => {
    if (!range.current) return revalidator.revalidate();
    try {
      const { data: fresh } = await api.get<{ data: Post[] }>(`/w/${workspace.id}/posts`, { query: { from: range.current.from.toISOString(), to: range.current.to.toISOString() } });
      setPosts(fresh);
    } catch {
      // The next event or focus tries again.
    }
  }, [workspace.id, revalidator]);

  const pending = useRef<ReturnType<typeof setTimeout>>();
  const live = useLiveUpdates(workspace.id, (event) => {
    if (event.type.startsWith("account.") || event.type === "refresh") revalidator.revalidate();
    clearTimeout(pending.current);
    pending.current = setTimeout(() => void refresh(), 150);
  });

  // `?compose=next` (from a document's "Schedule a post") is the next whole hour in the viewer's zone.
  const composeParam = params.get("compose");
  const composeAt = composeParam === "next" ? localInputValue(nextHour(), zone) : composeParam;
  const editId = Number(params.get("edit")) || null;
  const openId = Number(params.get("post")) || null;
  const opened = posts.find((post) => post.id === (openId ?? editId)) ?? null;
  const visible = useMemo(
    () =>
      posts.filter(
        (post) =>
          (!filters.account || post.targets.some((t) => String(t.account_id) === filters.account)) &&
          (!filters.network || post.targets.some((t) => accounts.find((a) => a.id === t.account_id)?.network === filters.network)) &&
          (!filters.state || post.targets.some((t) => t.state === filters.state)) &&
          (!filters.campaign || String(post.campaign_id) === filters.campaign),
      ),
    [posts, filters, accounts],
  );
  const upcoming = visible.filter((post) => post.publish_at && Date.parse(post.publish_at) > Date.now() - 86_400_000).slice(0, 50);
  const needsReauth = accounts.filter((account) => account.state === "needs_reauth");

  const saved = (post: Post | null, message: string) => {
    setNotice(message);
    if (post) setPosts((current) => [...current.filter((p) => p.id !== post.id), post]);
    else void refresh();
    navigate(post && message !== "Post deleted." ? `${base}?post=${post.id}` : base, { replace: true, preventScrollReset: true });
  };

  async function move(post: Post, delta: { days: number; milliseconds: number }, revert: () => void) {
    setProblem(null);
    try {
      const local = shiftLocal(localInputValue(post.publish_at!, zone), delta.days, delta.milliseconds);
      const { data: moved } = await api.patch<{ data: Post }>(`/posts/${post.id}`, { version: post.version, local_time: local, time_zone: zone });
      setPosts((current) => current.map((p) => (p.id === moved.id ? moved : p)));
      setNotice(`Moved to ${formatWhen(moved.publish_at, zone)}.`);
    } catch (failure) {
      revert();
      setProblem(failure instanceof ApiError ? failure.problem.message : "The post could not be moved. Try again.");
    }
  }

  const connected = (name: string) => {
    setNotice(`${name} is connected.`);
    revalidator.revalidate();
  };

  /** Reconnecting does what the account's network needs: the Sandbox at once, OAuth through the network, a form filled again. */
  async function reconnect(account: Account) {
    setProblem(null);
    try {
      const answer = await api.post<{ data?: Account; redirect?: string; form?: { id: string }; message?: string }>(`/social_accounts/${account.id}/reconnect`);
      if (answer.redirect) {
        setNotice(`Taking you to ${account.network_label} to reconnect ${account.display_name}…`);
        window.location.assign(answer.redirect);
        return;
      }
      if (answer.form) {
        setNotice(answer.message ?? `Fill in ${account.network_label} again to reconnect ${account.display_name}.`);
        setShowConnectors(true);
        setOpen("accounts");
        document.getElementById("connect-networks")?.scrollIntoView({ block: "nearest" });
        return;
      }
      setNotice(`${account.display_name} is connected again; posts that waited for it are going out.`);
      revalidator.revalidate();
    } catch (failure) {
      setProblem(failure instanceof ApiError ? failure.problem.message : "Reconnecting failed. Try again.");
    }
  }

  /** Saves the viewer's own zone (null: follow the computer) on their profile; calendars and the composer use it. */
  async function chooseZone(timezone: string | null) {
    setProblem(null);
    try {
      await api.put("/profile", { profile: { timezone } });
      setZone(timezone ?? browserZone());
      setNotice(`Times now show in ${timezone ?? "your computer's zone"}.`);
      revalidator.revalidate();
    } catch (failure) {
      setProblem(failure instanceof ApiError ? failure.problem.message : "Saving your time zone failed. Try again.");
    }
  }

  return (
    <div className="page scheduling-page">
      <header className="scheduling-page__header">
        <div>
          <h1 className="page__title">Scheduled posts</h1>
          <p className="muted">
            <label className="zone-picker">
              Times in{" "}
              <select className="input input--select input--inline" value={data.userTimeZone ?? ""} onChange={(event) => void chooseZone(event.target.value || null)} aria-label="Your time zone">
                <option value="">{mounted ? `your computer's zone (${browserZone()})` : "your computer's zone"}</option>
                <TimeZoneOptions current={data.userTimeZone ?? "UTC"} />
              </select>
            </label>{" "}
            <span className={`live-dot${live ? " live-dot--on" : ""}`} role="status">
              {live ? "Live" : "Connecting…"}
            </span>
          </p>
        </div>
        <div className="scheduling-page__actions">
          <Link className="button" to={`/workspaces/${workspace.id}/sandbox`}>
            Sandbox timeline
          </Link>
          {policies.schedule && accounts.length > 0 ? (
            <Link className="button button--primary" to={`${base}?compose=${encodeURIComponent(localInputValue(nextHour(), zone))}`} preventScrollReset>
              New post
            </Link>
          ) : policies.schedule && policies.connect ? (
            // No account to post from yet: the step before "New post", taken on this page.
            <a className="button button--primary" href="#connect-account" onClick={() => document.querySelector<HTMLInputElement>("#connect-account input")?.focus()}>
              Connect an account first
            </a>
          ) : policies.schedule ? (
            <span className="muted">An admin connects an account first.</span>
          ) : null}
        </div>
      </header>

      {notice ? <FormAlert message={notice} tone="info" /> : null}
      {data.fromArticle?.problem ? <FormAlert message={data.fromArticle.problem} /> : null}
      {data.fromArticle?.id && composeAt ? <FormAlert message={`Starting from “${data.fromArticle.title}”: edit the text for each network, then schedule.`} tone="info" /> : null}
      {problem ? <FormAlert message={problem} /> : null}
      {needsReauth.map((account) => (
        <div key={account.id} className="reauth-banner" role="alert">
          <strong>{account.display_name} needs reconnecting.</strong> {account.state_reason} Posts for it are held, not lost.
          {policies.connect ? (
            <button type="button" className="button" onClick={() => void reconnect(account)}>
              Reconnect {account.display_name}
            </button>
          ) : null}
        </div>
      ))}

      {/* On a phone the accounts and filters fold behind these, so the calendar comes first. */}
      {accounts.length > 0 ? (
        <div className="scheduling-folds">
          <button type="button" className="button" aria-expanded={open === "accounts"} aria-controls="scheduling-accounts" onClick={() => toggleFold("accounts")}>
            Accounts ({accounts.length})
          </button>
          <button type="button" className="button" aria-expanded={open === "filters"} aria-controls="scheduling-filters" onClick={() => toggleFold("filters")}>
            Filters{activeFilters ? ` (${activeFilters} on)` : ""}
          </button>
        </div>
      ) : null}
      {/* One section, empty or not, so the connect form (and what is typed in it) stays put when the first account arrives. */}
      <section id="scheduling-accounts" className={accounts.length > 0 ? "accounts-bar scheduling-fold" : "empty-state"} data-open={open === "accounts"} aria-labelledby="accounts-heading">
        {accounts.length > 0 ? (
          <>
            <h2 id="accounts-heading" className="visually-hidden">
              Accounts
            </h2>
            <ul className="accounts-bar__list">
              {accounts.map((account) => (
                <li key={account.id} className={`account-chip account-chip--${account.state}`}>
                  <strong>{account.display_name}</strong> <small>{account.network_label}{account.is_sandbox ? " (sandbox)" : ""} · {ACCOUNT_STATE_LABELS[account.state]}</small>
                  {policies.connect && account.state !== "active" ? (
                    <button type="button" className="button account-chip__reconnect" onClick={() => void reconnect(account)} aria-label={`Reconnect ${account.display_name} (${account.network_label})`}>
                      Reconnect
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <>
            <h2 id="accounts-heading">Connect an account to start scheduling</h2>
            <p>The Sandbox network needs no keys: it publishes to a timeline inside Brandwork, so you can try every step (and every failure) safely.</p>
          </>
        )}
        {policies.connect ? <ConnectSandbox workspaceId={workspace.id} onConnected={connected} /> : null}
        {policies.connect ? (
          <div id="connect-networks" className="connect-networks-frame">
            <ConnectNetworks key={showConnectors ? "open" : "closed"} workspaceId={workspace.id} networks={data.networks} onConnected={connected} open={showConnectors} />
          </div>
        ) : null}
      </section>

      {accounts.length > 0 ? (
        <>
          <div id="scheduling-filters" className="scheduling-filters scheduling-fold" data-open={open === "filters"} role="group" aria-label="Filters">
            <label className="field">
              <span className="field__label">Account</span>
              <select className="input input--select" value={filters.account} onChange={(e) => setFilters({ ...filters, account: e.target.value })}>
                <option value="">All</option>
                {accounts.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.display_name}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span className="field__label">Network</span>
              <select className="input input--select" value={filters.network} onChange={(e) => setFilters({ ...filters, network: e.target.value })}>
                <option value="">All</option>
                {[...new Set(accounts.map((a) => a.network))].map((network) => (
                  <option key={network} value={network}>
                    {accounts.find((a) => a.network === network)!.network_label}
                  </option>
                ))}
              </select>
            </label>
            {data.campaigns.length > 0 ? (
              <label className="field">
                <span className="field__label">Campaign</span>
                <select className="input input--select" value={filters.campaign} onChange={(e) => setFilters({ ...filters, campaign: e.target.value })}>
                  <option value="">All</option>
                  {data.campaigns.map((campaign) => (
                    <option key={campaign.id} value={campaign.id}>
                      {campaign.name}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            <label className="field">
              <span className="field__label">State</span>
              <select className="input input--select" value={filters.state} onChange={(e) => setFilters({ ...filters, state: e.target.value })}>
                <option value="">All</option>
                {targetStates.map((state) => (
                  <option key={state} value={state}>
                    {TARGET_STATE_LABELS[state]}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <div className="calendar-frame">
            {mounted ? (
              <Suspense fallback={<p className="muted">Loading the calendar…</p>}>
                <Calendar
                  posts={visible}
                  accounts={accounts}
                  zone={zone}
                  editable={policies.schedule}
                  onRange={(from, to) => {
                    range.current = { from, to };
                    void refresh();
                  }}
                  onOpen={(post) => navigate(`${base}?post=${post.id}`, { preventScrollReset: true })}
                  onCompose={(local) => navigate(`${base}?compose=${encodeURIComponent(local)}`, { preventScrollReset: true })}
                  onMove={(post, delta, revert) => void move(post, delta, revert)}
                />
              </Suspense>
            ) : (
              <p className="muted">Loading the calendar…</p>
            )}
          </div>
          <section aria-labelledby="upcoming-heading" className="upcoming">
            <h2 id="upcoming-heading">Upcoming and recent</h2>
            {upcoming.length === 0 ? (
              <p className="muted">Nothing scheduled in this range. {policies.schedule ? "Click a day in the calendar or “New post” to write one." : ""}</p>
            ) : (
              <ul className="upcoming__list">
                {upcoming.map((post) => (
                  <li key={post.id}>
                    <Link to={`${base}?post=${post.id}`} preventScrollReset className="upcoming__item" data-post-id={post.id}>
                      <StateBadge state={overallState(post.targets.map((t) => t.state))} />
                      <span className="upcoming__when">{formatWhen(post.publish_at, zone)}</span>
                      <span className="upcoming__text">{post.text.slice(0, 100) || "(no text)"}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
          {schedules.length ? (
            <section aria-labelledby="schedules-heading">
              <h2 id="schedules-heading">Posting schedules</h2>
              <ul>
                {schedules.map((schedule) => (
                  <li key={schedule.id}>
                    <Link to={`/workspaces/${workspace.id}/schedules/${schedule.id}`}>{schedule.name}</Link> <span className="muted">{schedule.paused ? "paused" : `${count(schedule.slots.length, "slot")} a week`}</span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      ) : null}

      <Dialog open={Boolean(composeAt) || Boolean(editId && opened)} closeTo={base} title={editId ? "Edit post" : "New post"} size="wide">
        {composeAt || (editId && opened) ? (
          <Composer
            workspaceId={workspace.id}
            accounts={accounts}
            schedules={schedules}
            limits={limits}
            zone={zone}
            initialLocalTime={editId && opened?.publish_at ? localInputValue(opened.publish_at, zone) : (composeAt ?? localInputValue(nextHour(), zone))}
            post={editId ? opened : null}
            initialText={editId ? undefined : (data.fromArticle?.text ?? undefined)}
            articleId={editId ? null : (data.fromArticle?.id ?? null)}
            onSaved={saved}
            onCancel={() => navigate(base, { replace: true, preventScrollReset: true })}
          />
        ) : null}
      </Dialog>
      <Dialog open={Boolean(openId && opened)} closeTo={base} title="Post" size="wide">
        {openId && opened ? (
          <PostDetails post={opened} accounts={accounts} zone={zone} canSchedule={policies.schedule} sandboxHref={`/workspaces/${workspace.id}/sandbox`} onEdit={() => navigate(`${base}?edit=${opened.id}`, { replace: true, preventScrollReset: true })} onChanged={saved} />
        ) : null}
      </Dialog>
    </div>
  );
}

/** Connects a Sandbox account by name: the first step of scheduling, so its label and example stay whole at every width. */
function ConnectSandbox({ workspaceId, onConnected }: { workspaceId: number; onConnected: (name: string) => void }) {
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function connect(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api.post(`/w/${workspaceId}/social_accounts`, { network: "sandbox", display_name: name });
      onConnected(name);
      setName("");
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.problem.message : "Connecting failed. Try again.");
    } finally {
      setBusy(false);
    }
  }
  return (
    <form id="connect-account" className="connect-sandbox" onSubmit={(event) => void connect(event)}>
      <label className="field">
        <span className="field__label">Sandbox account name</span>
        <input className="input" value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. Fernhill Coffee" maxLength={60} required />
      </label>
      <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
        Connect Sandbox
      </button>
      {error ? <span className="field__error">{error}</span> : null}
    </form>
  );
}
