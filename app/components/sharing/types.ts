import type { presentAccess, presentAccessRequest, presentInheritedAccess } from "../../../worker/presenters/accesses";
import type { presentUserCard } from "../../../worker/presenters/users";
import type { AccessLevel } from "../../../core/enums";

/** One grant in the share dialog (GET /v1/articles/:id/accesses). */
export type AccessGrant = ReturnType<typeof presentAccess>;
export type InheritedGrant = ReturnType<typeof presentInheritedAccess>;
export type AccessRequest = ReturnType<typeof presentAccessRequest>;

export interface AccessListing {
  data: {
    owner: ReturnType<typeof presentUserCard> | null;
    access_level: AccessLevel | null;
    accesses: AccessGrant[];
    inherited_accesses: InheritedGrant[];
  };
  policies: Record<string, boolean>;
}

export const LEVEL_LABELS: Record<AccessLevel, string> = {
  read: "Can read",
  comment: "Can comment",
  edit: "Can edit",
  owner: "Owner",
};
