import type { Access, AccessRequest, Channel, Folder, User } from "../db/schema";
import type { GrantTargets, UserWithAccess } from "../services/shares";
import { folderSlug } from "./folders";
import { fullName, iso, presentUserCard } from "./users";

const ROLE_GROUPS = { admin: "All admins", member: "All members", guest: "All guests" } as const;

function presentTarget(access: Access, targets: GrantTargets, showEmails: boolean) {
  switch (access.targetType) {
    case "User": {
      const user = access.userId !== null ? targets.users.get(access.userId) : undefined;
      return { label: user ? fullName(user) : "Former member", user: user ? presentUserCard(user) : null };
    }
    case "Channel": {
      const group: Channel | undefined = access.channelId !== null ? targets.channels.get(access.channelId) : undefined;
      return {
        label: group?.name ?? "Deleted group",
        channel: group ? { id: group.id, name: group.name, visibility: group.visibility } : null,
      };
    }
    case "Email":
      // A pending invitation's address is for the people who manage sharing.
      return { label: showEmails ? access.email! : "Pending invitation", email: showEmails ? access.email : null, pending: true };
    case "AccessMemberGroup":
      return { label: access.role ? ROLE_GROUPS[access.role] : "A role", role: access.role };
    case "EveryoneAtWorkspace":
      return { label: "Everyone in the workspace (admins and members)" };
    case "Company":
      return { label: "Everyone in the workspace, guests included" };
    case "LayerEditors":
      return { label: "Everyone who has edited this document" };
    case "UnauthUser":
      return { label: "Anyone with the link" };
  }
}

/** One grant as the share dialog lists it. */
export function presentAccess(access: Access, targets: GrantTargets, { showEmails }: { showEmails: boolean }) {
  return {
    id: access.id,
    article_id: access.articleId,
    folder_id: access.folderId,
    target_type: access.targetType,
    target_id: access.userId ?? access.channelId ?? null,
    target: presentTarget(access, targets, showEmails),
    permission: access.permission,
    read_receipt: access.readReceipt,
    read_at: iso(access.readAt),
    created_by_id: access.createdById,
    created_at: iso(access.createdAt),
    updated_at: iso(access.updatedAt),
  };
}

/** A grant on a folder above the item: shown, but changed on that folder. */
export function presentInheritedAccess(access: Access, folder: Folder, targets: GrantTargets, options: { showEmails: boolean }) {
  return { ...presentAccess(access, targets, options), inherited_from: { id: folder.id, name: folder.name, slug: folderSlug(folder) } };
}

export function presentUserWithAccess(row: UserWithAccess) {
  return { ...presentUserCard(row.user), role: row.role, access_level: row.level, via: row.via };
}

export function presentAccessRequest(request: AccessRequest, requester: User | null | undefined) {
  return {
    id: request.id,
    article_id: request.articleId,
    workspace_id: request.workspaceId,
    permission: request.permission,
    message: request.message,
    status: request.status,
    requester: requester ? presentUserCard(requester) : null,
    decided_by_id: request.decidedById,
    created_at: iso(request.createdAt),
    updated_at: iso(request.updatedAt),
  };
}
