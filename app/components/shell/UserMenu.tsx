import { useFetcher } from "@remix-run/react";
import { forgetSignedInState } from "~/lib/client-identity";
import { Avatar } from "../auth/Avatar";
import { SignOutIcon } from "../ui/icons";

export interface MenuUser {
  id: number;
  name: string;
  email: string;
}

/** Who is signed in, at the foot of the sidebar, with the way out. */
export function UserMenu({ user }: { user: MenuUser }) {
  const fetcher = useFetcher();
  const signingOut = fetcher.state !== "idle";
  return (
    <div className="user-menu">
      <Avatar name={user.name} hue={(user.id * 47) % 360} size={36} />
      <span className="user-menu__who">
        <span className="user-menu__name" data-testid="signed-in-user">
          {user.name}
        </span>
        <span className="user-menu__email">{user.email}</span>
      </span>
      <fetcher.Form method="post" action="/logout" onSubmit={() => forgetSignedInState()}>
        <button
          type="submit"
          className="icon-button user-menu__sign-out"
          aria-label="Sign out"
          title="Sign out"
          disabled={signingOut}
        >
          <SignOutIcon />
        </button>
      </fetcher.Form>
    </div>
  );
}
