import { useRevalidator } from "@remix-run/react";
import { useRef, useState } from "react";
import { logoVariants } from "../../../core/enums";
import type { BrandKitJson } from "../../../worker/presenters/brand-kits";
import { api, ApiError } from "~/lib/api";
import { uploadFile } from "../uploads/uploadFile";

const HINTS: Record<(typeof logoVariants)[number], string> = {
  Original: "Your main logo",
  Light: "For dark backgrounds",
  Dark: "For light backgrounds",
};

/** The three logo variants: upload (image only, up to 50 MB), replace or remove each. */
export function LogoSlots({ kit, workspaceId, canManage }: { kit: BrandKitJson; workspaceId: number; canManage: boolean }) {
  const revalidator = useRevalidator();
  const input = useRef<Record<string, HTMLInputElement | null>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<{ variant: string; message: string } | null>(null);

  const upload = async (variant: string, file: File) => {
    setError(null);
    if (!file.type.startsWith("image/")) return setError({ variant, message: "A logo must be an image (PNG, JPEG, WebP, GIF or SVG)." });
    setBusy(variant);
    setProgress(0);
    try {
      const stored = await uploadFile({ workspaceId }, file, setProgress);
      await api.put(`/brand_kits/${kit.id}/logos/${variant}`, { upload_id: stored.id });
      revalidator.revalidate();
    } catch (e) {
      setError({ variant, message: e instanceof ApiError || e instanceof Error ? e.message : "The upload failed. Try again." });
    } finally {
      setBusy(null);
    }
  };

  const remove = async (variant: string) => {
    setBusy(variant);
    try {
      await api.delete(`/brand_kits/${kit.id}/logos/${variant}`);
      revalidator.revalidate();
    } catch (e) {
      setError({ variant, message: e instanceof Error ? e.message : "Could not remove the logo." });
    } finally {
      setBusy(null);
    }
  };

  return (
    <ul className="logo-slots">
      {logoVariants.map((variant) => {
        const logo = kit.logos.find((l) => l.variant === variant);
        return (
          <li key={variant} className="logo-slot" data-variant={variant}>
            <div className="logo-slot__preview">{logo ? <img src={logo.url} alt={`${variant} logo`} /> : <span>No logo</span>}</div>
            <div className="logo-slot__meta">
              <strong>{variant}</strong>
              <span className="logo-slot__hint">{HINTS[variant]}</span>
              {busy === variant ? <progress max={1} value={progress} aria-label={`Uploading the ${variant} logo`} /> : null}
              {error?.variant === variant ? (
                <span className="field__error" role="alert">
                  {error.message}
                </span>
              ) : null}
              {canManage ? (
                <span className="logo-slot__actions">
                  <input
                    ref={(el) => void (input.current[variant] = el)}
                    type="file"
                    accept="image/*"
                    className="visually-hidden"
                    aria-label={`Upload the ${variant} logo`}
                    onChange={(e) => {
                      const file = e.target.files?.[0];
                      e.target.value = "";
                      if (file) void upload(variant, file);
                    }}
                  />
                  <button type="button" className="button button--small" disabled={busy !== null} onClick={() => input.current[variant]?.click()}>
                    {logo ? "Replace" : "Upload"}
                  </button>
                  {logo ? (
                    <button type="button" className="button button--small button--ghost" disabled={busy !== null} onClick={() => void remove(variant)}>
                      Remove
                    </button>
                  ) : null}
                </span>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
