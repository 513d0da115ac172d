import { count } from "../../core/counting";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import {
  Form,
  Link,
  useActionData,
  useFetcher,
  useLoaderData,
  useLocation,
  useNavigation,
  useSearchParams,
} from "@remix-run/react";
import { useEffect, useState } from "react";
import {
  DeactivateForm,
  ReactivateForm,
  RegenerateLinkForm,
  RemoveForm,
  RemoveGuestForm,
  RevokeTokenForm,
} from "~/components/members/ConfirmForms";
import { InvitationLink } from "~/components/members/InvitationLink";
import { InviteForm, type InviteRole } from "~/components/members/InviteForm";
import { loadMembersPage, runMembersAction } from "~/components/members/members.server";
import { MembersErrorBoundary } from "~/components/members/MembersErrorBoundary";
import { PeopleTable } from "~/components/members/PeopleTable";
import { ScimSection } from "~/components/members/ScimSection";
import { DIALOG_PARAMS, ROW_ACTION_KEY, type MembersActionResult, type Person } from "~/components/members/types";
import { Dialog, keepDataWhenOnlyChanged, withoutParam } from "~/components/ui/Dialog";
import { PeopleIcon, PlusIcon, SearchIcon } from "~/components/ui/icons";
import { Pager } from "~/components/ui/Pager";
import styles from "~/styles/members.css?url";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "Members" };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Members · ${data.workspaceName} · Brandwork` : "Members · Brandwork" },
  // The page shows the workspace's join link: keep it out of Referer headers.
  { name: "referrer", content: "same-origin" },
];

/** Search parameters that only open a dialog or switch tabs (both tabs' first pages are loaded). */
const CLIENT_ONLY_PARAMS: string[] = [...DIALOG_PARAMS, "tab"];

/** Quick actions from a row's menu: without a dialog to hold their answer, the page's notice does. */
const ROW_INTENTS = new Set(["change_role", "resend", "upgrade_guest"]);

/** The search box appears once a list is longer than this. */
const SEARCH_FROM = 8;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadMembersPage(request, context, params.workspaceId);
}

export const shouldRevalidate = keepDataWhenOnlyChanged(CLIENT_ONLY_PARAMS);

export async function action({ request, context, params }: ActionFunctionArgs) {
  return runMembersAction(request, context, params.workspaceId);
}

const matches = (person: Person, query: string) => {
  const needle = query.trim().toLowerCase();
  return !needle || person.name.toLowerCase().includes(needle) || person.email.toLowerCase().includes(needle);
};

type StatusCounts = Record<Person["status"], number>;
const total = (counts: StatusCounts) => counts.active + counts.invited + counts.deactivated;

/** "8 active members · 2 invited · 1 deactivated", over every page. */
function summary(counts: StatusCounts) {
  return [
    count(counts.active, "active member"),
    counts.invited ? `${counts.invited} invited` : null,
    counts.deactivated ? `${counts.deactivated} deactivated` : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

/**
 * The newest answer to show at the top of the page: a row's quick action (through the shared
 * fetcher) or a dialog's success (through the page's action). A dialog's failure stays in it.
 */
function useNotice(actionData: MembersActionResult | undefined, rowAnswer: MembersActionResult | undefined) {
  const fromPage = actionData && actionData.intent !== "create_scim_token" && (actionData.ok || ROW_INTENTS.has(actionData.intent)) ? actionData : null;
  const [notice, setNotice] = useState<MembersActionResult | null>(fromPage);
  useEffect(() => setNotice(fromPage), [fromPage]);
  useEffect(() => {
    if (rowAnswer) setNotice(rowAnswer);
  }, [rowAnswer]);
  return [notice, () => setNotice(null)] as const;
}

export default function MembersPage() {
  const {
    workspaceName,
    policies,
    members,
    membersPage,
    memberCounts,
    guests,
    guestsPage,
    guestCounts,
    invitationLink,
    scim,
    invitationDays,
    maxInvites,
    query: initialQuery,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<MembersActionResult>();
  const rowFetcher = useFetcher<MembersActionResult>({ key: ROW_ACTION_KEY });
  const [notice, dismissNotice] = useNotice(actionData, rowFetcher.data);
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigation();
  const [query, setQuery] = useState(initialQuery);
  useEffect(() => setQuery(initialQuery), [initialQuery]);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const tab = guests && searchParams.get("tab") === "guests" ? "guests" : "members";
  const people = tab === "guests" ? (guests ?? []) : members;
  const pageMeta = tab === "guests" && guestsPage ? guestsPage : membersPage;
  const counts = tab === "guests" && guestCounts ? guestCounts : memberCounts;
  // Typing filters the rows on the page at once; a list longer than a page is searched on the
  // server when the form is sent (Enter), as is any list already searched there.
  const complete = !initialQuery && pageMeta.page === 1 && !pageMeta.has_more;
  const visible = people.filter((person) => matches(person, query));
  const searchedAll = complete || query.trim() === initialQuery;
  const everyone = [...members, ...(guests ?? [])];
  const activeGuests = guestCounts ? guestCounts.active + guestCounts.invited : 0;
  const leaving = navigation.state === "loading" && navigation.location.pathname !== location.pathname;

  // Dialogs live in the URL (?deactivate=12), so they open by link without JavaScript; a failed
  // submission (posted to the URL without the parameter) keeps its dialog open with the answer.
  const closeTo = withoutParam(location, ...DIALOG_PARAMS);
  const dialogHref = (param: string, id: number | string) => {
    const next = new URLSearchParams(location.search);
    for (const name of DIALOG_PARAMS) next.delete(name);
    next.set(param, String(id));
    return `${location.pathname}?${next}`;
  };
  const failed = (intent: string) => (actionData && !actionData.ok && actionData.intent === intent ? actionData : undefined);
  // A dialog whose action succeeded closes at once, while the page's data reloads behind it.
  const done = (intent: string) => Boolean(actionData?.ok && actionData.intent === intent);
  const personFor = (param: string, intent: string) => {
    if (done(intent)) return undefined;
    const id = Number(searchParams.get(param) ?? failed(intent)?.memberId);
    return everyone.find((person) => person.id === id);
  };
  const inviteRole = searchParams.get("invite");
  const inviteOpen = policies.invite && !done("invite") && (searchParams.has("invite") || Boolean(failed("invite")));
  const defaultRole: InviteRole = inviteRole === "guest" || (inviteRole === "admin" && policies.inviteAdmin) ? inviteRole : "member";
  const toDeactivate = policies.manage ? personFor("deactivate", "deactivate") : undefined;
  const toReactivate = policies.manage ? personFor("reactivate", "reactivate") : undefined;
  const toRemove = policies.manage ? personFor("remove", "remove") : undefined;
  const guestToRemove = policies.manageGuests ? personFor("remove_guest", "remove_guest") : undefined;
  const regenerateOpen =
    policies.regenerateLink && !done("regenerate_link") && (searchParams.has("regenerate_link") || Boolean(failed("regenerate_link")));
  const revokeId = done("revoke_scim_token") ? NaN : Number(searchParams.get("revoke_token") ?? failed("revoke_scim_token")?.tokenId);
  const toRevoke = scim?.tokens.find((token) => token.id === revokeId && token.status === "active");

  const tabHref = (name: "members" | "guests") => {
    const next = new URLSearchParams(location.search);
    for (const param of [...DIALOG_PARAMS, "tab", "page"]) next.delete(param);
    if (name === "guests") next.set("tab", "guests");
    const search = next.toString();
    return search ? `${location.pathname}?${search}` : location.pathname;
  };
  const displayName = (person: Person) => (person.named ? person.name : person.email);

  return (
    <div className="page members-page" aria-busy={leaving || undefined}>
      <header className="members-header">
        <div className="members-header__text">
          <h2 className="members-header__title">People in {workspaceName}</h2>
          <p className="members-header__meta">
            {summary(memberCounts)}
            {activeGuests ? ` · ${count(activeGuests, "guest")}` : ""}
          </p>
        </div>
        {policies.invite ? (
          <Link to={dialogHref("invite", "")} replace preventScrollReset className="button button--primary members-header__invite">
            <PlusIcon aria-hidden="true" />
            Invite people
          </Link>
        ) : null}
      </header>

      {notice ? (
        <div className={`members-notice${notice.ok ? "" : " members-notice--error"}`} role={notice.ok ? "status" : "alert"}>
          <span>{notice.message}</span>
          {hydrated ? (
            <button type="button" className="link-button" onClick={dismissNotice}>
              Dismiss
            </button>
          ) : null}
        </div>
      ) : null}

      {invitationLink ? (
        <InvitationLink
          url={invitationLink}
          workspaceName={workspaceName}
          regenerateHref={policies.regenerateLink ? dialogHref("regenerate_link", "") : null}
        />
      ) : null}

      <section className="members-list" aria-label={tab === "guests" ? "Guests" : "Members"}>
        <div className="members-list__bar">
          {guests ? (
            <nav className="members-tabs" aria-label="Members and guests">
              <Link to={tabHref("members")} replace preventScrollReset className="members-tabs__tab" aria-current={tab === "members" ? "page" : undefined}>
                Members <span className="members-tabs__count">{total(memberCounts)}</span>
              </Link>
              <Link to={tabHref("guests")} replace preventScrollReset className="members-tabs__tab" aria-current={tab === "guests" ? "page" : undefined}>
                Guests <span className="members-tabs__count">{guestCounts ? total(guestCounts) : guests.length}</span>
              </Link>
            </nav>
          ) : (
            <h2 className="members-list__title">Members</h2>
          )}
          {total(counts) > SEARCH_FROM ? (
            <Form
              method="get"
              replace
              preventScrollReset
              className="members-search"
              role="search"
              onSubmit={(event) => {
                if (complete) event.preventDefault();
              }}
            >
              {tab === "guests" ? <input type="hidden" name="tab" value="guests" /> : null}
              <SearchIcon className="members-search__icon" aria-hidden="true" />
              <label htmlFor="members-query" className="visually-hidden">
                Find {tab === "guests" ? "a guest" : "a member"}
              </label>
              <input
                id="members-query"
                className="input input--compact members-search__input"
                type="search"
                name="q"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                placeholder="Find by name or email"
                autoComplete="off"
              />
              <noscript>
                <button type="submit" className="button button--small">
                  Search
                </button>
              </noscript>
            </Form>
          ) : null}
        </div>

        {tab === "guests" && total(counts) ? (
          <p className="members-hint">Guests are people from outside the team. They see only the documents and groups shared with them.</p>
        ) : null}

        {total(counts) === 0 ? (
          <div className="members-empty">
            <span className="members-empty__icon" aria-hidden="true">
              <PeopleIcon width={28} height={28} />
            </span>
            <h3>No guests yet</h3>
            <p>
              Guests are people from outside the team, such as a client or a freelancer. They see only the documents and groups
              shared with them, and they don&apos;t count as members.
            </p>
            {policies.invite ? (
              <Link to={dialogHref("invite", "guest")} replace preventScrollReset className="button">
                Invite a guest
              </Link>
            ) : null}
          </div>
        ) : visible.length === 0 && !query.trim() ? null : visible.length === 0 ? (
          <p className="members-none" role="status">
            {searchedAll ? `Nobody matches “${query.trim()}”.` : `Nobody on this page matches “${query.trim()}”: press Enter to search everyone.`}{" "}
            <Link to={withoutParam(location, "q", "page")} replace className="link-button" onClick={() => setQuery("")}>
              Show everyone
            </Link>
          </p>
        ) : (
          <PeopleTable
            kind={tab}
            people={visible}
            policies={policies}
            dialogHref={dialogHref}
            label={tab === "guests" ? "Guests" : "Members"}
          />
        )}

        <Pager meta={pageMeta} label={tab === "guests" ? "Pages of guests" : "Pages of members"} />

        {!policies.manage ? (
          <p className="members-hint">
            Only admins can change roles, deactivate or remove people.
            {policies.invite ? " You can invite people." : " To add someone, ask an admin to invite them."}
          </p>
        ) : null}
      </section>

      {scim ? <ScimSection baseUrl={scim.baseUrl} tokens={scim.tokens} revokeHref={(id) => dialogHref("revoke_token", id)} /> : null}

      <Dialog
        open={inviteOpen}
        closeTo={closeTo}
        title={`Invite people to ${workspaceName}`}
        description="They get an email with a link to join; the list shows them as invited until they accept."
      >
        <InviteForm
          closeTo={closeTo}
          result={failed("invite")}
          canInviteAdmin={policies.inviteAdmin}
          defaultRole={defaultRole}
          maxInvites={maxInvites}
          invitationDays={invitationDays}
        />
      </Dialog>

      <Dialog open={Boolean(toDeactivate)} closeTo={closeTo} title={toDeactivate ? `Deactivate ${displayName(toDeactivate)}?` : ""}>
        {toDeactivate ? (
          <DeactivateForm person={toDeactivate} workspaceName={workspaceName} closeTo={closeTo} result={failed("deactivate")} />
        ) : null}
      </Dialog>

      <Dialog open={Boolean(toReactivate)} closeTo={closeTo} title={toReactivate ? `Reactivate ${displayName(toReactivate)}` : ""}>
        {toReactivate ? (
          <ReactivateForm
            person={toReactivate}
            workspaceName={workspaceName}
            closeTo={closeTo}
            result={failed("reactivate")}
            canMakeAdmin={policies.inviteAdmin}
          />
        ) : null}
      </Dialog>

      <Dialog
        open={Boolean(toRemove)}
        closeTo={closeTo}
        tone="danger"
        title={
          toRemove ? (toRemove.status === "invited" ? `Withdraw the invitation to ${toRemove.email}?` : `Remove ${displayName(toRemove)} from ${workspaceName}?`) : ""
        }
      >
        {toRemove ? <RemoveForm person={toRemove} workspaceName={workspaceName} closeTo={closeTo} result={failed("remove")} /> : null}
      </Dialog>

      <Dialog
        open={Boolean(guestToRemove)}
        closeTo={closeTo}
        tone="danger"
        title={
          guestToRemove
            ? guestToRemove.status === "invited"
              ? `Withdraw the invitation to ${guestToRemove.email}?`
              : `Remove ${displayName(guestToRemove)}?`
            : ""
        }
      >
        {guestToRemove ? (
          <RemoveGuestForm person={guestToRemove} workspaceName={workspaceName} closeTo={closeTo} result={failed("remove_guest")} />
        ) : null}
      </Dialog>

      <Dialog open={regenerateOpen} closeTo={closeTo} title="Get a new invitation link?">
        <RegenerateLinkForm closeTo={closeTo} result={failed("regenerate_link")} />
      </Dialog>

      <Dialog open={Boolean(toRevoke)} closeTo={closeTo} tone="danger" title={toRevoke ? `Revoke “${toRevoke.name}”?` : ""}>
        {toRevoke ? <RevokeTokenForm token={toRevoke} closeTo={closeTo} result={failed("revoke_scim_token")} /> : null}
      </Dialog>
    </div>
  );
}

export { MembersErrorBoundary as ErrorBoundary };
