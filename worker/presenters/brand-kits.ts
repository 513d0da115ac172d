import { presentPolicies, type Actor } from "../policies";
import type { BrandKitDetail } from "../services/brand-kits";
import { iso } from "./users";

export function presentBrandKit(actor: Actor, { kit, logos, notes }: BrandKitDetail) {
  return {
    id: kit.id,
    workspace_id: kit.workspaceId,
    name: kit.name,
    is_default: kit.isDefault,
    colors: kit.colors,
    fonts: kit.fonts,
    notes,
    logos: logos.map((logo) => ({ variant: logo.variant, upload_id: logo.uploadId, filename: logo.filename, content_type: logo.contentType, url: `/files/${logo.uploadId}` })),
    created_at: iso(kit.createdAt),
    updated_at: iso(kit.updatedAt),
    policies: presentPolicies(actor, ["brand_kits.manage"]),
  };
}

export type BrandKitJson = ReturnType<typeof presentBrandKit>;
