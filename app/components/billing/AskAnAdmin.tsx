/** For members, who see billing read-only: who can change it. */
export function AskAnAdmin({ admins, what = "change the plan" }: { admins: string[]; what?: string }) {
  return (
    <p className="billing-note">
      Only workspace admins can {what}
      {admins.length ? `: ask ${joinNames(admins)}.` : "."}
    </p>
  );
}

function joinNames(names: string[]) {
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
}
