import type { BrandKitOut } from "../../core/contracts/brand-kits";
import { can, type Actor } from "../policies";
import type { BrandKitDetail } from "../services/brand-kits";

export function presentBrandKit(actor: Actor, { kit, logos, notes }: BrandKitDetail): BrandKitOut {
  return {
    id: kit.id,
    workspace_id: kit.workspaceId,
    name: kit.name,
    is_default: kit.isDefault,
    colors: kit.colors,
    fonts: kit.fonts,
    notes,
    logos: logos.map((logo) => ({ variant: logo.variant, upload_id: logo.uploadId, filename: logo.filename, content_type: logo.contentType, url: `/files/${logo.uploadId}` })),
    created_at: kit.createdAt.toISOString(),
    updated_at: kit.updatedAt.toISOString(),
    policies: { "brand_kits.manage": can(actor, "brand_kits.manage") },
  };
}

export type BrandKitJson = BrandKitOut;
