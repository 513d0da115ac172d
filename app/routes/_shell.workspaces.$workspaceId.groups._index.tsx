import {
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
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
import { can } from "../../worker/policies";
import { DEFAULT_PER_PAGE, pageMeta } from "../../core/contracts/pagination";
import { availableChannels, listChannels } from "../../worker/services/channels";
import { Dialog, keepDataWhenOnlyChanged, withoutParam } from "~/components/ui/Dialog";
import { GroupCard } from "~/components/groups/GroupCard";
import { GroupsErrorBoundary } from "~/components/groups/GroupsErrorBoundary";
import { actionFailure, badForm, formId } from "~/components/groups/groups.server";
import { NewGroupForm } from "~/components/groups/NewGroupForm";
import type { GroupActionResult, GroupSummary } from "~/components/groups/types";
import { GroupsIcon, PlusIcon } from "~/components/ui/icons";
import { Pager } from "~/components/ui/Pager";
import { requireWorkspaceActor, workspaceActionContext } from "~/lib/workspace.server";
import styles from "~/styles/groups.css?url";
import type { ShellHandle } from "./_shell";

export const handle: ShellHandle = { title: "Groups" };
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Groups · ${data.workspaceName} · Brandwork` : "Groups · Brandwork" },
];

/** Search parameters that only open a dialog or dismiss a notice. */
const CLIENT_ONLY_PARAMS = ["new", "deleted"];

/** `?page=` pages the person's groups, `?open_page=` the ones they could join. */
const pageParam = (url: URL, name: string) => {
  const page = Number(url.searchParams.get(name));
  return { page: Number.isInteger(page) && page > 1 ? page : 1, per_page: DEFAULT_PER_PAGE };
};

/** The groups the person is in and the ones they could join, a page of each, with what they may do. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { db, actor, workspace } = await requireWorkspaceActor(request, context, params.workspaceId);
  const url = new URL(request.url);
  const query = url.searchParams.get("q")?.trim() ?? "";
  const [minePage, othersPage] = [pageParam(url, "page"), pageParam(url, "open_page")];
  const [mine, others] = await Promise.all([
    listChannels(db, actor, { includeOpenGroups: false, search: query, page: minePage }),
    availableChannels(db, actor, { search: query, page: othersPage }),
  ]);
  return {
    workspaceId: workspace.id,
    workspaceName: workspace.name,
    mine: mine.data,
    minePage: pageMeta(minePage, mine.total),
    others: others.data,
    othersPage: pageMeta(othersPage, others.total),
    canCreate: can(actor, "channels.create"),
    query,
    deleted: url.searchParams.get("deleted"),
  };
}

// Opening the dialog or filtering needs no new data; anything else reloads as usual.
export const shouldRevalidate = keepDataWhenOnlyChanged(CLIENT_ONLY_PARAMS);

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { workspace, actor, call } = await workspaceActionContext(request, context, params.workspaceId);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");

  if (intent === "create") {
    const channel = {
      name: String(form.get("name") ?? ""),
      description: String(form.get("description") ?? ""),
      visibility: String(form.get("visibility") ?? ""),
    };
    const result = await call<GroupSummary>("POST", `/w/${workspace.id}/channels`, { channel });
    if (!result.ok) return actionFailure(intent, result.problem);
    throw redirect(`/workspaces/${workspace.id}/groups/${result.data.id}?created=1`);
  }

  if (intent === "join") {
    const groupId = formId(form, "group_id");
    if (!groupId) return badForm(intent);
    const result = await call("POST", `/channels/${groupId}/join`, { user_id: actor.userId });
    if (!result.ok) return actionFailure(intent, result.problem, { groupId });
    const message =
      result.status === 202
        ? "Request sent. Its owners will get an email; you'll be in once one of them accepts."
        : "You joined this group.";
    return { intent, ok: true, message, groupId } satisfies GroupActionResult;
  }

  return badForm(intent);
}

const matches = (group: GroupSummary, query: string) => {
  const needle = query.trim().toLowerCase();
  return !needle || group.name.toLowerCase().includes(needle) || group.description.toLowerCase().includes(needle);
};

export default function GroupsIndex() {
  const { workspaceId, mine: myGroups, minePage, others: otherGroups, othersPage, canCreate, query: initialQuery, deleted } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigation();
  const [query, setQuery] = useState(initialQuery);
  useEffect(() => setQuery(initialQuery), [initialQuery]);
  const joinFetcher = useFetcher<GroupActionResult>({ key: "join-group" });

  const createResult = actionData?.intent === "create" ? actionData : undefined;
  const dialogOpen = canCreate && (searchParams.has("new") || Boolean(createResult && !createResult.ok));
  const closeDialog = withoutParam(location, "new");
  const loading = navigation.state === "loading" && navigation.location.pathname !== location.pathname;

  // Typing filters the groups on the page at once; when there are more pages (or the list was
  // already searched on the server), sending the form (Enter) searches them all.
  const complete = !initialQuery && [minePage, othersPage].every((meta) => meta.page === 1 && !meta.has_more);
  const mine = myGroups.filter((group) => matches(group, query));
  const others = otherGroups.filter((group) => matches(group, query));
  const count = (shown: GroupSummary[], meta: typeof minePage) => (complete ? shown.length : meta.total);
  const total = minePage.total + othersPage.total;
  const groupHref = (group: GroupSummary) => `/workspaces/${workspaceId}/groups/${group.id}`;
  const newGroupLink = (
    <Link to="?new" replace preventScrollReset className="button button--primary">
      <PlusIcon aria-hidden="true" />
      New group
    </Link>
  );

  return (
    <div className="page groups-page" aria-busy={loading || undefined}>
      <header className="groups-page__header">
        <p className="groups-page__lead">
          Groups gather the people who work on a team, a client or a topic, so you can share with all of them at once.
        </p>
        {canCreate ? newGroupLink : null}
      </header>

      {deleted ? (
        <div className="groups-notice" role="status">
          <span>
            Deleted the group “{deleted}”. Its members keep their place in the workspace.
          </span>
          <Link to={withoutParam(location, "deleted")} replace className="link-button">
            Dismiss
          </Link>
        </div>
      ) : null}

      {total === 0 && !initialQuery ? (
        <section className="groups-empty" aria-labelledby="groups-empty-title">
          <span className="groups-empty__icon" aria-hidden="true">
            <GroupsIcon width={32} height={32} />
          </span>
          <h2 id="groups-empty-title">No groups yet</h2>
          <p>
            A group is a team, a client or a topic with its people in it. Share documents with a group once and
            everyone in it can open them, including people who join later.
          </p>
          {canCreate ? (
            <>
              <p>Create the first one and add people by email; anyone not yet in the workspace gets an invitation.</p>
              {newGroupLink}
            </>
          ) : (
            <p>Nobody has created a group you can see yet. Ask a workspace member to add you to one.</p>
          )}
        </section>
      ) : (
        <>
          {total > 5 || initialQuery ? (
            <Form
              method="get"
              replace
              preventScrollReset
              className="groups-search"
              role="search"
              onSubmit={(event) => {
                if (complete) event.preventDefault();
              }}
            >
              <label htmlFor="groups-query" className="visually-hidden">
                Find a group
              </label>
              <input
                id="groups-query"
                className="input"
                type="search"
                name="q"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                placeholder="Find a group by name or description"
                autoComplete="off"
              />
              <noscript>
                <button type="submit" className="button">
                  Search
                </button>
              </noscript>
            </Form>
          ) : null}

          {query.trim() && mine.length + others.length === 0 ? (
            <p className="groups-page__none" role="status">
              {complete || query.trim() === initialQuery
                ? `No groups match “${query.trim()}”.`
                : `No groups on this page match “${query.trim()}”: press Enter to search them all.`}{" "}
              <Link to={withoutParam(location, "q", "page", "open_page")} className="link-button" onClick={() => setQuery("")}>
                Show all groups
              </Link>
            </p>
          ) : (
            <>
              <section className="groups-section" aria-labelledby="my-groups-title">
                <h2 id="my-groups-title" className="groups-section__title">
                  Your groups <span className="groups-section__count">{count(mine, minePage)}</span>
                </h2>
                {mine.length ? (
                  <ul className="link-cards">
                    {mine.map((group) => (
                      <GroupCard key={group.id} group={group} href={groupHref(group)} fetcher={joinFetcher} />
                    ))}
                  </ul>
                ) : minePage.total > 0 && !query.trim() ? null : (
                  <p className="groups-section__empty">
                    {query.trim()
                      ? "None of your groups match."
                      : `You're not in any group yet. ${others.length ? "Join one below" : "Ask a colleague to add you"}${canCreate ? " or create your own." : "."}`}
                  </p>
                )}
                <Pager meta={minePage} label="Pages of your groups" />
              </section>
              <section className="groups-section" aria-labelledby="other-groups-title">
                <h2 id="other-groups-title" className="groups-section__title">
                  Groups you can join <span className="groups-section__count">{count(others, othersPage)}</span>
                </h2>
                {others.length ? (
                  <ul className="link-cards">
                    {others.map((group) => (
                      <GroupCard key={group.id} group={group} href={groupHref(group)} fetcher={joinFetcher} />
                    ))}
                  </ul>
                ) : othersPage.total > 0 && !query.trim() ? null : (
                  <p className="groups-section__empty">
                    {query.trim()
                      ? "No other groups match."
                      : "You're in every group you can see. Private groups only show to the people in them."}
                  </p>
                )}
                <Pager meta={othersPage} param="open_page" label="Pages of groups you can join" />
              </section>
            </>
          )}
        </>
      )}

      <Dialog
        open={dialogOpen}
        closeTo={closeDialog}
        title="New group"
        description="Start with a name; you can add people as soon as it exists."
      >
        <NewGroupForm result={createResult} cancelTo={closeDialog} />
      </Dialog>
    </div>
  );
}

export { GroupsErrorBoundary as ErrorBoundary };
