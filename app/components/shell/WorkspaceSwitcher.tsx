import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { CheckIcon, ChevronIcon, PlusIcon } from "../ui/icons";

export interface SwitcherWorkspace {
  id: number;
  name: string;
  role: string | null;
  app_logo_url: string | null;
  theme: { hue: number };
}

function WorkspaceMark({ workspace }: { workspace: SwitcherWorkspace }) {
  return (
    <span className="workspace-mark" style={{ background: `hsl(${workspace.theme.hue} 70% 52%)` }} aria-hidden="true">
      {workspace.name.trim().charAt(0).toUpperCase() || "W"}
    </span>
  );
}

const roleLabel = (role: string | null) => (role ? role.charAt(0).toUpperCase() + role.slice(1) : "");

/**
 * The current workspace at the top of the sidebar; opening it lists the others to switch
 * to and a way to create one. Keyboard: Enter/Space opens, arrows move, Escape closes.
 */
export function WorkspaceSwitcher({ workspaces, current }: { workspaces: SwitcherWorkspace[]; current: SwitcherWorkspace | null }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher();
  const location = useLocation();
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const switching = fetcher.state !== "idle";
  const returnTo = `${location.pathname}${location.search}`;

  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    rootRef.current?.querySelector<HTMLElement>(".workspace-switcher__item")?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!open) return;
    if (event.key === "Escape") {
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
      return;
    }
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    const items = [...(rootRef.current?.querySelectorAll<HTMLElement>(".workspace-switcher__item") ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next = event.key === "ArrowDown" ? (at + 1) % items.length : (at - 1 + items.length) % items.length;
    items[next]?.focus();
  }

  return (
    <div className="workspace-switcher" ref={rootRef} onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className="workspace-switcher__button"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={current ? `Workspace: ${current.name}. Switch workspace` : "Choose a workspace"}
        onClick={() => setOpen((value) => !value)}
      >
        {current ? <WorkspaceMark workspace={current} /> : null}
        <span className="workspace-switcher__name">{switching ? "Switching…" : (current?.name ?? "No workspace yet")}</span>
        <ChevronIcon aria-hidden="true" />
      </button>
      <div id={listId} className="workspace-switcher__popover" hidden={!open}>
        <p className="workspace-switcher__heading">Your workspaces</p>
        {workspaces.length ? (
          <fetcher.Form method="post" action="/current-workspace">
            <input type="hidden" name="redirect_to" value={returnTo} />
            <ul className="workspace-switcher__list">
              {workspaces.map((workspace) => {
                const selected = workspace.id === current?.id;
                return (
                  <li key={workspace.id}>
                    <button
                      type="submit"
                      name="workspace_id"
                      value={workspace.id}
                      className="workspace-switcher__item"
                      aria-current={selected ? "true" : undefined}
                      onClick={() => setOpen(false)}
                    >
                      <WorkspaceMark workspace={workspace} />
                      <span className="workspace-switcher__item-text">
                        <span className="workspace-switcher__item-name">{workspace.name}</span>
                        <span className="workspace-switcher__item-role">{roleLabel(workspace.role)}</span>
                      </span>
                      {selected ? <CheckIcon /> : null}
                    </button>
                  </li>
                );
              })}
            </ul>
          </fetcher.Form>
        ) : (
          <p className="workspace-switcher__empty">You are not in a workspace yet.</p>
        )}
        <Link
          to={`/login_or_signup?step=start_free_trial&redirect_to=${encodeURIComponent("/")}`}
          className="workspace-switcher__item workspace-switcher__create"
        >
          <PlusIcon aria-hidden="true" />
          Create a workspace
        </Link>
      </div>
    </div>
  );
}
