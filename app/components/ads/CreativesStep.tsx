import { useState } from "react";
import { callsToAction, type AdCampaignOut, type AdCreative, type AdPlacement } from "../../../core/contracts/ads";
import { PLACEMENTS, placementsIn, textLimitsFor } from "../../../core/ads/placements";
import { fileProblem, uploadFile } from "~/components/uploads/uploadFile";
import { Field, SelectField, TextAreaField } from "~/components/ui/Field";
import { ApiError } from "~/lib/api";
import type { CreativeSources } from "./ads.server";
import { AdPreview } from "./AdPreview";
import { StepFrame } from "./StepFrame";
import { useStepForm } from "./useStepForm";
import { CTA_LABELS } from "./words";

type Upload = CreativeSources["uploads"][number];

const blank = (): AdCreative => ({ campaign_item_id: null, upload_id: null, primary_text: "", headline: "", description: "", link_url: "", call_to_action: "LEARN_MORE" });

/** Step 6: the ads themselves, from the content campaign's pieces or typed, with an image, previewed per placement as you type. */
export function CreativesStep({ campaign, workspaceId, sources }: { campaign: AdCampaignOut; workspaceId: number; sources: CreativeSources }) {
  const form = useStepForm(campaign, workspaceId, "creatives");
  const [creatives, setCreatives] = useState<AdCreative[]>(campaign.draft.creatives?.creatives ?? [blank()]);
  const [uploads, setUploads] = useState<Upload[]>(sources.uploads);
  const placements = placementsIn(campaign.draft.placements?.automatic ?? true, campaign.draft.placements?.placements ?? []);
  const limits = textLimitsFor(placements);
  const needsHeadline = placements.some((p) => PLACEMENTS[p].headline);
  const update = (index: number, change: Partial<AdCreative>) => setCreatives(creatives.map((c, i) => (i === index ? { ...c, ...change } : c)));

  return (
    <StepFrame
      step="creatives"
      problem={form.problem}
      busy={form.busy}
      formRef={form.formRef}
      intro={
        <p>
          {campaign.draft.placements?.automatic === false
            ? `Shown in ${placements.map((p) => PLACEMENTS[p].label).join(", ")}`
            : `Automatic placements may show the ads in any of ${placements.length} placements`}
          : text may be up to {limits.primaryText.toLocaleString("en")} characters
          {needsHeadline ? ` and headlines up to ${limits.headline}` : ""}; the previews show where each placement cuts it off with “… more”.
        </p>
      }
      onSubmit={() => void form.save({ creatives })}
    >
      <ol className="wizard-creatives">
        {creatives.map((creative, index) => (
          <CreativeEditor
            key={index}
            index={index}
            creative={creative}
            count={creatives.length}
            sources={sources}
            uploads={uploads}
            placements={placements}
            limits={limits}
            needsHeadline={needsHeadline}
            workspaceId={workspaceId}
            errorsFor={(field) => form.errorsFor(`creatives.${index}.${field}`)}
            onChange={(change) => update(index, change)}
            onRemove={() => setCreatives(creatives.filter((_, i) => i !== index))}
            onUploaded={(upload) => {
              setUploads([upload, ...uploads]);
              update(index, { upload_id: upload.id });
            }}
          />
        ))}
      </ol>
      {form.errorsFor("creatives") ? (
        <p className="field__error" tabIndex={-1} data-error-anchor>
          Creatives {form.errorsFor("creatives")!.join(", ")}
        </p>
      ) : null}
      {creatives.length < 5 ? (
        <button type="button" className="button wizard-group__add" onClick={() => setCreatives([...creatives, blank()])}>
          Add another creative
        </button>
      ) : null}
    </StepFrame>
  );
}

interface CreativeEditorProps {
  index: number;
  count: number;
  creative: AdCreative;
  sources: CreativeSources;
  uploads: Upload[];
  placements: AdPlacement[];
  limits: { primaryText: number; headline: number };
  needsHeadline: boolean;
  workspaceId: number;
  errorsFor: (field: string) => string[] | undefined;
  onChange: (change: Partial<AdCreative>) => void;
  onRemove: () => void;
  onUploaded: (upload: Upload) => void;
}

function CreativeEditor({ index, count, creative, sources, uploads, placements, limits, needsHeadline, workspaceId, errorsFor, onChange, onRemove, onUploaded }: CreativeEditorProps) {
  const [previewAt, setPreviewAt] = useState<AdPlacement>(placements[0] ?? "facebook_feed");
  const [uploading, setUploading] = useState<string | null>(null);
  const [uploadProblem, setUploadProblem] = useState<string | null>(null);
  const image = uploads.find((u) => u.id === creative.upload_id) ?? null;
  const label = `Creative ${index + 1}`;

  async function upload(file: File) {
    const problem = fileProblem(file);
    if (problem) return setUploadProblem(problem);
    setUploadProblem(null);
    setUploading(file.name);
    try {
      const stored = await uploadFile({ workspaceId }, file, () => {});
      onUploaded({ id: stored.id, filename: stored.filename, content_type: stored.content_type ?? file.type, url: stored.page_url });
    } catch (failure) {
      setUploadProblem(failure instanceof ApiError ? failure.problem.message : "The upload failed. Try again.");
    } finally {
      setUploading(null);
    }
  }

  const counter = (length: number, max: number) => (
    <span className={`counter${length > max ? " counter--over" : ""}`} aria-live="polite">
      {length.toLocaleString("en")} / {max.toLocaleString("en")}
    </span>
  );

  return (
    <li className="wizard-creative" aria-label={label}>
      <div className="wizard-creative__head">
        <h3 className="wizard-creative__title">{label}</h3>
        {count > 1 ? (
          <button type="button" className="link-button" onClick={onRemove}>
            Remove<span className="visually-hidden"> {label}</span>
          </button>
        ) : null}
      </div>
      <div className="wizard-creative__body">
        <div className="wizard-creative__fields">
          {sources.pieces.length > 0 ? (
            <SelectField
              label="Start from a campaign piece"
              value={creative.campaign_item_id ?? ""}
              onChange={(e) => {
                const piece = sources.pieces.find((p) => p.id === Number(e.target.value));
                onChange(piece ? { campaign_item_id: piece.id, primary_text: piece.body.slice(0, limits.primaryText), headline: (piece.title ?? creative.headline).slice(0, 255) } : { campaign_item_id: null });
              }}
              errors={errorsFor("campaign_item_id")}
            >
              <option value="">None: write it here</option>
              {sources.pieces.map((piece) => (
                <option key={piece.id} value={piece.id}>
                  {(piece.channel ?? "Pillar post") + (piece.approved ? " (approved)" : "") + ": " + (piece.title ?? piece.body).slice(0, 50)}
                </option>
              ))}
            </SelectField>
          ) : null}
          <TextAreaField
            label="Primary text"
            rows={5}
            value={creative.primary_text}
            onChange={(e) => onChange({ primary_text: e.target.value })}
            errors={errorsFor("primary_text")}
            hint={counter(creative.primary_text.length, limits.primaryText)}
          />
          {needsHeadline ? (
            <Field label="Headline" value={creative.headline} onChange={(e) => onChange({ headline: e.target.value })} errors={errorsFor("headline")} hint={counter(creative.headline.length, limits.headline)} />
          ) : null}
          <Field label="Description" value={creative.description} onChange={(e) => onChange({ description: e.target.value })} maxLength={255} errors={errorsFor("description")} />
          <Field label="Website address" type="url" value={creative.link_url} onChange={(e) => onChange({ link_url: e.target.value })} placeholder="https://" errors={errorsFor("link_url")} />
          <SelectField label="Button" value={creative.call_to_action} onChange={(e) => onChange({ call_to_action: e.target.value as AdCreative["call_to_action"] })} errors={errorsFor("call_to_action")}>
            {callsToAction.map((cta) => (
              <option key={cta} value={cta}>
                {CTA_LABELS[cta]}
              </option>
            ))}
          </SelectField>
          <SelectField label="Image" value={creative.upload_id ?? ""} onChange={(e) => onChange({ upload_id: Number(e.target.value) || null })} errors={errorsFor("upload_id")} hint={uploads.length ? undefined : "No images uploaded yet: add one below."}>
            <option value="">No image</option>
            {uploads.map((u) => (
              <option key={u.id} value={u.id}>
                {u.filename}
              </option>
            ))}
          </SelectField>
          <label className="field">
            <span className="field__label">Upload an image</span>
            <input className="input" type="file" accept="image/*" disabled={Boolean(uploading)} onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])} />
            {uploading ? <span className="field__hint" role="status">Uploading {uploading}…</span> : null}
            {uploadProblem ? <span className="field__error">{uploadProblem}</span> : null}
          </label>
        </div>
        <div className="wizard-creative__preview">
          <SelectField label="Preview in" value={previewAt} onChange={(e) => setPreviewAt(e.target.value as AdPlacement)}>
            {placements.map((p) => (
              <option key={p} value={p}>
                {PLACEMENTS[p].label}
              </option>
            ))}
          </SelectField>
          {/* The page's own file route: it opens with the session cookie, as an <img> asks. */}
          <AdPreview placement={placements.includes(previewAt) ? previewAt : placements[0]!} creative={creative} imageUrl={image ? `/files/${image.id}` : null} />
          <VisibleWarnings creative={creative} placements={placements} />
        </div>
      </div>
    </li>
  );
}

/** The placements that will cut this creative's text short, so nobody has to preview each one. */
function VisibleWarnings({ creative, placements }: { creative: AdCreative; placements: AdPlacement[] }) {
  const cut = placements.filter((p) => {
    const limits = PLACEMENTS[p];
    return (limits.primaryText.visible > 0 && creative.primary_text.length > limits.primaryText.visible) || (limits.headline && creative.headline.length > limits.headline.visible);
  });
  if (!cut.length) return null;
  return <p className="field__hint">Shortened with “… more” in: {cut.map((p) => PLACEMENTS[p].label).join(", ")}.</p>;
}
