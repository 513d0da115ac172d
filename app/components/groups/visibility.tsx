import type { ReactElement, SVGProps } from "react";
import type { channelVisibilities } from "../../../core/enums";

export type Visibility = (typeof channelVisibilities)[number];

/** The order the "New group" form offers them in: the most common choice first. */
export const VISIBILITY_CHOICES: Visibility[] = ["public", "closed", "private", "shared"];

/** How each visibility reads to a person: a label and one line on who can find and join the group. */
export const VISIBILITY_COPY: Record<Visibility, { label: string; explanation: string }> = {
  public: { label: "Public", explanation: "Everyone in the workspace can find it and join." },
  closed: { label: "Closed", explanation: "Everyone in the workspace can find it; its owners approve who joins." },
  private: { label: "Private", explanation: "Hidden from everyone outside it; only its owners can add people." },
  shared: { label: "Shared", explanation: "Like public, and guests of the workspace can find and join it too." },
};

type IconProps = SVGProps<SVGSVGElement>;

const Svg = (props: IconProps) => (
  <svg
    viewBox="0 0 24 24"
    width="14"
    height="14"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    {...props}
  />
);

const ICONS: Record<Visibility, (props: IconProps) => ReactElement> = {
  public: (p) => (
    <Svg {...p}>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
    </Svg>
  ),
  closed: (p) => (
    <Svg {...p}>
      <path d="M5 21V4h10l4 3v14" />
      <path d="M3 21h18M12 12h.01" />
    </Svg>
  ),
  private: (p) => (
    <Svg {...p}>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V8a4 4 0 0 1 8 0v3" />
    </Svg>
  ),
  shared: (p) => (
    <Svg {...p}>
      <path d="M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1" />
      <path d="M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1" />
    </Svg>
  ),
};

export function VisibilityIcon({ visibility, ...props }: { visibility: Visibility } & IconProps) {
  const Icon = ICONS[visibility];
  return <Icon {...props} />;
}

/** "Public", "Closed"…, with the explanation as its tooltip. */
export function VisibilityBadge({ visibility }: { visibility: Visibility }) {
  const { label, explanation } = VISIBILITY_COPY[visibility];
  return (
    <span className={`group-badge group-badge--${visibility}`} title={explanation}>
      <VisibilityIcon visibility={visibility} />
      {label}
    </span>
  );
}
