import { formatNumber } from "../../../core/counting";
import { Link, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { inboxTypeLabels, type InboxItemType } from "../../../core/contracts/inbox";
import { api } from "~/lib/api";
import { announceInboxChange, useInboxLive } from "~/lib/inbox-live";
import { InboxIcon } from "../ui/icons";
import { groupTitle, InboxItemRow, type InboxGroupJson, type InboxItemJson } from "./InboxItemRow";
import { InboxTypeSelect, isInboxItemType } from "./InboxTypeSelect";

interface Counts {
  unread: number;
  unread_by_type: Partial<Record<InboxItemType, number>>;
}

/**
 * The inbox in the nav rail: a live unread count (the person's InboxHub pushes every new
 * item; the count is fetched again on each push) and a panel with the latest items, of
 * every type or one (the inbox page's type filter).
 */
export function InboxRailItem({ workspaceId }: { workspaceId: number }) {
  const [unread, setUnread] = useState<number | null>(null);
  const [unreadByType, setUnreadByType] = useState<Counts["unread_by_type"]>({});
  // "" is every type.
  const [type, setType] = useState<InboxItemType | "">("");
  const [open, setOpen] = useState(false);
  const [groups, setGroups] = useState<InboxGroupJson[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);

  const refreshCount = useCallback(async () => {
    try {
      const { data } = await api.get<{ data: Counts }>(`/w/${workspaceId}/inbox/counts`);
      setUnread(data.unread);
      setUnreadByType(data.unread_by_type ?? {});
    } catch {
      // The badge keeps its last number; the next push tries again.
    }
  }, [workspaceId]);

  // Answers can cross when the type changes quickly: only the latest request's list is shown.
  const latest = useRef(0);
  const refreshList = useCallback(async () => {
    const call = ++latest.current;
    try {
      const { data } = await api.get<{ data: InboxGroupJson[] }>(`/w/${workspaceId}/inbox`, { query: { limit: 30, types: type || undefined } });
      if (call !== latest.current) return;
      setGroups(data);
      setError(null);
    } catch (cause) {
      if (call !== latest.current) return;
      setError(cause instanceof Error ? cause.message : "The inbox could not be loaded");
    }
  }, [workspaceId, type]);

  useEffect(() => {
    void refreshCount();
  }, [refreshCount]);
  useEffect(() => {
    if (open) void refreshList();
  }, [open, refreshList]);

  useInboxLive(workspaceId, () => {
    void refreshCount();
    if (open) void refreshList();
  });

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    const onClick = (event: MouseEvent) => {
      if (wrapper.current && !wrapper.current.contains(event.target as Node)) setOpen(false);
    };
    window.addEventListener("keydown", onKey);
    window.addEventListener("mousedown", onClick);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener("mousedown", onClick);
    };
  }, [open]);

  const change = async (item: InboxItemJson, body: { read?: boolean; archived?: boolean }) => {
    try {
      await api.put(`/w/${workspaceId}/inbox/${item.id}`, body);
    } finally {
      announceInboxChange(workspaceId);
    }
  };
  const confirmRead = async (item: InboxItemJson) => {
    try {
      await api.post(`/articles/${item.article!.id}/read_receipt`, {});
    } finally {
      announceInboxChange(workspaceId);
    }
  };
  const readAll = async () => {
    await api.post(`/w/${workspaceId}/inbox/read_all`, {});
    announceInboxChange(workspaceId);
  };

  const label = unread ? `Inbox, ${formatNumber(unread)} unread` : "Inbox";
  return (
    <div className="inbox-rail" ref={wrapper}>
      <button
        type="button"
        className="nav-rail__item inbox-rail__button"
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        <InboxIcon aria-hidden="true" />
        {unread ? (
          <span className="inbox-rail__badge" data-testid="inbox-unread" aria-hidden="true">
            {unread > 99 ? "99+" : unread}
          </span>
        ) : null}
      </button>
      {open && (
        <section
          id={panelId}
          className="inbox-panel"
          role="dialog"
          aria-label="Inbox"
          // Following an item closes the panel at once, not only when the new page has loaded
          // (until then it stayed open over the page it led to). A modified click opens a tab.
          onClick={(event) => {
            if ((event.target as Element).closest("a[href]") && !event.metaKey && !event.ctrlKey && !event.shiftKey) setOpen(false);
          }}
        >
          <header className="inbox-panel__header">
            <h2>Inbox</h2>
            <button type="button" className="button button--sm" onClick={readAll} disabled={!unread}>
              Mark all read
            </button>
            <Link to={`/workspaces/${workspaceId}/inbox`} className="button button--sm" onClick={() => setOpen(false)}>
              Open inbox
            </Link>
          </header>
          <InboxTypeSelect
            className="inbox-panel__types"
            value={type}
            unreadByType={unreadByType}
            onChange={(event) => {
              const value = event.target.value;
              setType(isInboxItemType(value) ? value : "");
              setGroups(null);
              setError(null);
            }}
          />
          {error && <p role="alert">{error}</p>}
          {groups === null && !error ? (
            <p className="inbox-panel__empty" role="status">
              Loading…
            </p>
          ) : null}
          {groups?.length === 0 && (
            <p className="inbox-panel__empty">{type ? `Nothing under “${inboxTypeLabels[type]}”. Choose All types to see everything.` : "Nothing new. You're all caught up."}</p>
          )}
          {groups?.map((group) => (
            <div key={group.key} className="inbox-group">
              <h3 className="inbox-group__title">{groupTitle(group)}</h3>
              <ul className="inbox-group__items">
                {group.items.map((item) => (
                  <InboxItemRow key={item.id} item={item} onChange={change} onConfirmRead={confirmRead} />
                ))}
              </ul>
            </div>
          ))}
        </section>
      )}
    </div>
  );
}
