import type { FontFamily } from "../document/fonts";
import { DESIGN_FORMATS, type DesignFormatKey, type DesignLayout } from "./formats";
import { coverCrop } from "./geometry";
import { SCENE_VERSION, sceneSchema, type ImageNode, type Scene, type SceneInput } from "./scene";

/**
 * The scene a new design starts from: each layout drawn for each of its sizes. Neutral colours
 * and common fonts until a brand is applied; placeholder sentences the user replaces. Sizes are
 * fractions of the frame so that one recipe reads well from a 1080×1920 story to a 1584×396 header.
 */

type NodeInput = SceneInput["nodes"][number];
type TextInput = Extract<NodeInput, { type: "text" }>;
type StarterText = { title?: string; subtitle?: string; body?: string };

/** Neutral paints: a brand kit replaces them (palette_index, text fills, background). */
const INK = "#111111";
const PAPER = "#FFFFFF";
const LIGHT = "#F4F5F7";
const MUTED = "#3E4C59";
export const PHOTO_SLOT_FILL = "#D9DDE3";
const HEADER_BACKGROUND = "linear-gradient(135deg, #1F2933 0%, #3E4C59 100%)";

const HEADLINE_FONT: FontFamily = "Montserrat";
const SERIF_FONT: FontFamily = "Playfair Display";
const BODY_FONT: FontFamily = "Inter";

export const PLACEHOLDER_TEXT = {
  title: "Your headline goes here",
  subtitle: "A short line that says more",
  body: "Use this space for a short paragraph: a tip, a quote or the news you want to share, in two or three sentences.",
  cta: "Learn more",
  header_subtitle: "What you do and who it is for, in one line",
  video_title: "The title of your video",
  signature: "Your name or website",
} as const;

/** The frame and the measures every layout shares. */
interface Frame {
  W: number;
  H: number;
  short: number;
  /** The outer margin: about 6% of the short side. */
  m: number;
  landscape: boolean;
  /** Instagram covers the top and bottom ~13% of a story with its own controls. */
  safeTop: number;
  safeBottom: number;
}

function frameOf(format: DesignFormatKey): Frame {
  const { width: W, height: H, placement } = DESIGN_FORMATS[format];
  const short = Math.min(W, H);
  const m = Math.round(0.06 * short);
  const story = placement === "story";
  return { W, H, short, m, landscape: W / H > 1.3, safeTop: story ? Math.round(0.13 * H) : m, safeBottom: story ? Math.round(0.13 * H) : m };
}

const r = Math.round;
const box = (x: number, y: number, width: number, height: number) => ({ x: r(x), y: r(y), width: Math.max(1, r(width)), height: Math.max(1, r(height)) });
type BoxInput = ReturnType<typeof box>;

function text(id: string, role: TextInput["role"], value: string, at: BoxInput, style: Partial<TextInput> & Pick<TextInput, "font_family" | "font_size" | "fill">): TextInput {
  const name = { title: "Headline", subtitle: "Sub-line", body: "Paragraph" }[role];
  return { id, name, type: "text", text: value, role, ...at, ...style, font_size: r(style.font_size) };
}

function shape(id: string, name: string, kind: "rect" | "ellipse" | "triangle", at: BoxInput, fill: string, extra: Partial<Extract<NodeInput, { type: "shape" }>> = {}): NodeInput {
  return { id, name, type: "shape", shape: kind, ...at, fill, ...extra };
}

const photoSlot = (f: Frame, at: BoxInput = box(0, 0, f.W, f.H)) => shape("photo_slot", "Photo", "rect", at, PHOTO_SLOT_FILL);

/** Logos are mostly wide: a 5:2 box, the logo drawn inside it without stretching. */
const logo = (at: BoxInput): NodeInput => ({ id: "logo", name: "Logo", type: "logo", variant: "Original", upload_id: null, auto_variant: true, ...at });
const logoSize = (f: Frame, share = 0.2) => ({ width: share * f.short, height: (share * f.short * 2) / 5 });

/** Lines a text box is sized for: the text itself shrinks to fit (auto_fit). */
const lines = (count: number, size: number, lineHeight: number) => count * size * lineHeight;

function photoPost(f: Frame, words: Required<StarterText>): NodeInput[] {
  const { W, H, m } = f;
  const L = logoSize(f);
  if (f.landscape) {
    // Wide images read better as a text panel beside the photo than a band across it.
    const panelW = 0.42 * W;
    const T = 0.05 * W;
    const S = 0.42 * T;
    const textW = panelW - 2 * m;
    const subTop = 0.56 * H;
    return [
      photoSlot(f),
      shape("band", "Text panel", "rect", box(0, 0, panelW, H), INK, { palette_index: 0 }),
      text("title", "title", words.title, box(m, m, textW, subTop - 0.35 * m - m), { font_family: HEADLINE_FONT, font_size: T, font_weight: 700, fill: PAPER, line_height: 1.1, vertical_align: "bottom" }),
      text("subtitle", "subtitle", words.subtitle, box(m, subTop, textW, lines(2, S, 1.35)), { font_family: BODY_FONT, font_size: S, fill: PAPER, line_height: 1.35 }),
      logo(box(m, H - m - L.height, L.width, L.height)),
    ];
  }
  // A solid band across the bottom keeps the headline readable on any photo.
  const T = 0.065 * W;
  const S = 0.42 * T;
  const titleH = lines(2, T, 1.1);
  const subH = lines(1, S, 1.35);
  const bandH = m + titleH + 0.35 * m + subH + m;
  const bandTop = H - bandH;
  return [
    photoSlot(f),
    shape("band", "Text band", "rect", box(0, bandTop, W, bandH), INK, { palette_index: 0 }),
    text("title", "title", words.title, box(m, bandTop + m, W - 2 * m, titleH), { font_family: HEADLINE_FONT, font_size: T, font_weight: 700, fill: PAPER, line_height: 1.1, vertical_align: "bottom" }),
    text("subtitle", "subtitle", words.subtitle, box(m, bandTop + m + titleH + 0.35 * m, W - 2 * m, subH), { font_family: BODY_FONT, font_size: S, fill: PAPER, line_height: 1.35 }),
    logo(box(m, m, L.width, L.height)),
  ];
}

function story(f: Frame, words: Required<StarterText>): NodeInput[] {
  const { W, H, m } = f;
  const photoH = 0.58 * H;
  const T = 0.08 * W;
  const S = 0.042 * W;
  const C = 0.036 * W;
  const titleTop = photoH + m;
  const titleH = lines(2, T, 1.1);
  const subTop = titleTop + titleH + 0.4 * m;
  const pillH = C * 2.4;
  const pillW = 0.42 * W;
  // The call to action sits above the reply bar, the bottom 13% Instagram draws over.
  const pillTop = H - f.safeBottom - pillH;
  const L = logoSize(f, 0.18);
  return [
    photoSlot(f, box(0, 0, W, photoH)),
    text("title", "title", words.title, box(m, titleTop, W - 2 * m, titleH), { font_family: HEADLINE_FONT, font_size: T, font_weight: 800, fill: INK, line_height: 1.1 }),
    text("subtitle", "subtitle", words.subtitle, box(m, subTop, W - 2 * m, Math.min(lines(2, S, 1.35), pillTop - 0.5 * m - subTop)), { font_family: BODY_FONT, font_size: S, fill: MUTED, line_height: 1.35 }),
    shape("cta_button", "Button", "rect", box(m, pillTop, pillW, pillH), INK, { palette_index: 1, corner_radius: r(pillH / 2) }),
    { ...text("cta", "subtitle", PLACEHOLDER_TEXT.cta, box(m, pillTop, pillW, pillH), { font_family: HEADLINE_FONT, font_size: C, font_weight: 600, fill: PAPER, align: "center", vertical_align: "middle", line_height: 1 }), name: "Button label" },
    logo(box(W - m - L.width, pillTop + (pillH - L.height) / 2, L.width, L.height)),
  ];
}

function header(f: Frame, words: Required<StarterText>): NodeInput[] {
  const { W, H } = f;
  // The profile picture covers the lower left on LinkedIn, X and Facebook, and phones crop the
  // sides of a Facebook cover: text starts after the first ~28% and the logo ends by ~84%.
  const left = 0.28 * W;
  const textW = 0.46 * W;
  const T = Math.min(0.048 * W, 0.19 * H);
  const S = 0.42 * T;
  const titleH = lines(2, T, 1.1);
  const subH = lines(1, S, 1.3);
  const gap = 0.25 * S;
  const top = (H - (titleH + gap + subH)) / 2;
  const logoW = 0.08 * W;
  const logoH = Math.min(logoW / 2.5 + 0.1 * H, 0.3 * H);
  return [
    shape("accent", "Accent", "rect", box(left - 0.018 * W, top + 0.1 * T, Math.max(4, 0.005 * W), titleH + gap + subH - 0.2 * T), "#9AA5B1", { palette_index: 1 }),
    text("title", "title", words.title, box(left, top, textW, titleH), { font_family: HEADLINE_FONT, font_size: T, font_weight: 700, fill: PAPER, line_height: 1.1, vertical_align: "bottom" }),
    text("subtitle", "subtitle", words.subtitle, box(left, top + titleH + gap, textW, subH), { font_family: BODY_FONT, font_size: S, fill: PAPER, line_height: 1.3 }),
    logo(box(0.84 * W - logoW, (H - logoH) / 2, logoW, logoH)),
  ];
}

function photo(f: Frame): NodeInput[] {
  const L = logoSize(f, 0.16);
  return [photoSlot(f), logo(box(f.W - f.m - L.width, f.H - f.safeBottom - L.height, L.width, L.height))];
}

function video(f: Frame, words: Required<StarterText>): NodeInput[] {
  const { W, H, m, short } = f;
  const D = 0.24 * short;
  const cx = W / 2;
  const cy = H / 2;
  // The triangle points up in its box; turned 90° about its top-left corner it points right.
  // Its centroid (a third of the way from the base) sits on the circle's centre, as play marks do.
  const triW = 0.44 * D;
  const triH = 0.38 * D;
  const T = 0.075 * W;
  const titleH = lines(2, T, 1.05);
  const L = logoSize(f, 0.16);
  return [
    photoSlot(f),
    shape("shade", "Shade", "rect", box(0, 0, W, H), "#000000", { opacity: 0.3 }),
    shape("play_circle", "Play button", "ellipse", box(cx - D / 2, cy - D / 2, D, D), PAPER, { opacity: 0.92 }),
    shape("play_triangle", "Play mark", "triangle", box(cx - triH / 3 + triH, cy - triW / 2, triW, triH), INK, { rotation: 90 }),
    // YouTube draws the duration in the bottom-right corner: the title keeps to the left.
    text("title", "title", words.title, box(m, H - m - titleH, 0.72 * W, titleH), { font_family: HEADLINE_FONT, font_size: T, font_weight: 800, fill: PAPER, line_height: 1.05, vertical_align: "bottom" }),
    logo(box(m, m, L.width, L.height)),
  ];
}

function headerParagraph(f: Frame, words: Required<StarterText>): NodeInput[] {
  const { W, H, m } = f;
  // Text-only cards need more air than a photo: a wider inner margin.
  const pad = 1.5 * m;
  const L = logoSize(f, 0.18);
  const bottomTop = H - pad - L.height;
  const S = f.landscape ? 0.024 * W : 0.03 * W;
  const accentH = Math.max(4, 0.012 * f.short);
  const footer = [
    text("subtitle", "subtitle", words.subtitle, box(pad, bottomTop, W - 2 * pad - L.width - m, L.height), { font_family: BODY_FONT, font_size: S, font_weight: 600, fill: MUTED, line_height: 1.3, vertical_align: "middle" }),
    logo(box(W - pad - L.width, bottomTop, L.width, L.height)),
  ];
  const accent = shape("accent", "Accent", "rect", box(pad, pad, 0.09 * W, accentH), INK, { palette_index: 1 });
  const contentTop = pad + accentH + 0.6 * m;
  const contentBottom = bottomTop - 0.8 * m;
  if (f.landscape) {
    // Wide: the headline and the paragraph side by side.
    const T = 0.05 * W;
    const B = 0.028 * W;
    const colW = 0.46 * W - pad;
    return [
      accent,
      text("title", "title", words.title, box(pad, contentTop, colW, contentBottom - contentTop), { font_family: SERIF_FONT, font_size: T, font_weight: 700, fill: INK, line_height: 1.15, vertical_align: "middle" }),
      text("body", "body", words.body, box(0.52 * W, contentTop, W - pad - 0.52 * W, contentBottom - contentTop), { font_family: BODY_FONT, font_size: B, fill: MUTED, line_height: 1.45, vertical_align: "middle" }),
      ...footer,
    ];
  }
  const T = 0.07 * W;
  const B = 0.034 * W;
  const titleH = lines(3, T, 1.15);
  const bodyTop = contentTop + titleH + 0.5 * m;
  return [
    accent,
    text("title", "title", words.title, box(pad, contentTop, W - 2 * pad, titleH), { font_family: SERIF_FONT, font_size: T, font_weight: 700, fill: INK, line_height: 1.15 }),
    text("body", "body", words.body, box(pad, bodyTop, W - 2 * pad, contentBottom - bodyTop), { font_family: BODY_FONT, font_size: B, fill: MUTED, line_height: 1.45 }),
    ...footer,
  ];
}

const BACKGROUNDS: Record<DesignLayout, SceneInput["background"]> = {
  photo_post: { kind: "color", color: LIGHT },
  story: { kind: "color", color: LIGHT },
  header: { kind: "gradient", gradient: HEADER_BACKGROUND },
  photo: { kind: "color", color: LIGHT },
  video: { kind: "color", color: "#1F2933" },
  header_paragraph: { kind: "color", color: LIGHT },
};

/** The layout's starting scene at the format's size, with the given words in place of the placeholders. */
export function starterScene(layout: DesignLayout, format: DesignFormatKey, words: StarterText = {}): Scene {
  const f = frameOf(format);
  const defaults = {
    title: layout === "video" ? PLACEHOLDER_TEXT.video_title : PLACEHOLDER_TEXT.title,
    subtitle: layout === "header" ? PLACEHOLDER_TEXT.header_subtitle : layout === "header_paragraph" ? PLACEHOLDER_TEXT.signature : PLACEHOLDER_TEXT.subtitle,
    body: PLACEHOLDER_TEXT.body,
  };
  const filled = {
    title: words.title?.trim() || defaults.title,
    subtitle: words.subtitle?.trim() || defaults.subtitle,
    body: words.body?.trim() || defaults.body,
  };
  const nodes = {
    photo_post: () => photoPost(f, filled),
    story: () => story(f, filled),
    header: () => header(f, filled),
    photo: () => photo(f),
    video: () => video(f, filled),
    header_paragraph: () => headerParagraph(f, filled),
  }[layout]();
  // Parsing fills every default, so a starter is exactly what the API would store.
  return sceneSchema.parse({ version: SCENE_VERSION, width: f.W, height: f.H, background: BACKGROUNDS[layout], nodes, brand_kit_id: null });
}

/**
 * Puts the design's main photo in: in place of the current one, else in the layout's photo slot
 * (same box and layer), else full-frame under everything. The crop fills the box without stretching.
 */
export function placeCoreImage(scene: Scene, uploadId: number, natural: { width: number; height: number }): Scene {
  const at = scene.nodes.findIndex((node) => node.type === "image" && node.core);
  const slot = at >= 0 ? at : scene.nodes.findIndex((node) => node.type === "shape" && node.id === "photo_slot");
  const old = scene.nodes[slot];
  if (old) {
    const image: ImageNode = {
      id: old.type === "image" ? old.id : uniqueId(scene, "photo"),
      name: old.name || "Photo",
      x: old.x,
      y: old.y,
      width: old.width,
      height: old.height,
      rotation: old.rotation,
      opacity: old.opacity,
      hidden: old.hidden,
      locked: old.locked,
      type: "image",
      upload_id: uploadId,
      crop: coverCrop(natural, old),
      core: true,
    };
    return { ...scene, nodes: scene.nodes.map((node, index) => (index === slot ? image : node)) };
  }
  const frame = { width: scene.width, height: scene.height };
  const image: ImageNode = {
    id: uniqueId(scene, "photo"),
    name: "Photo",
    x: 0,
    y: 0,
    ...frame,
    rotation: 0,
    opacity: 1,
    hidden: false,
    locked: false,
    type: "image",
    upload_id: uploadId,
    crop: coverCrop(natural, frame),
    core: true,
  };
  return { ...scene, nodes: [image, ...scene.nodes] };
}

/** `base`, or `base_2`, `base_3`… whichever no layer has yet. */
export function uniqueId(scene: Scene, base: string): string {
  const taken = new Set(scene.nodes.map((node) => node.id));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}_${n}`)) n += 1;
  return `${base}_${n}`;
}
