import { describe, expect, it } from "vitest";
import { fitText, wrapText, type FontSpec, type Measure } from "./fit";

/** Every character 0.55 of the size wide, plus the letter spacing: a fixed rule, so the answers are exact. */
const measure: Measure = (text, font) => Array.from(text).length * (0.55 * font.size + font.letterSpacing);
const font: FontSpec = { family: "Inter", size: 20, weight: 400, italic: false, letterSpacing: 0 };
const node = { text: "", width: 220, height: 100, font_family: "Inter", font_size: 20, font_weight: 400, italic: false, line_height: 1.25, letter_spacing: 0, auto_fit: true };

describe("wrapText", () => {
  it("breaks between words, keeping the user's own line breaks and blank lines", () => {
    // 11 px a character: 20 characters to a 220 px line.
    expect(wrapText("Fresh bread every morning at seven\n\nOpen daily", 220, font, measure)).toEqual(["Fresh bread every", "morning at seven", "", "Open daily"]);
  });

  it("breaks a word longer than the line", () => {
    expect(wrapText("Supercalifragilisticexpialidocious!", 110, font, measure)).toEqual(["Supercalif", "ragilistic", "expialidoc", "ious!"]);
  });
});

describe("fitText", () => {
  it("keeps short text at its size", () => {
    expect(fitText({ ...node, text: "Open daily" }, measure)).toEqual({ fontSize: 20, lines: ["Open daily"], overflow: false });
  });

  it("shrinks long text to the largest size at which it fits the box", () => {
    const text = "Our spring menu has twelve new dishes, all made with vegetables from farms within thirty miles";
    const fitted = fitText({ ...node, text }, measure);
    expect(fitted.overflow).toBe(false);
    expect(fitted.fontSize).toBeLessThan(20);
    expect(fitted.lines.length * fitted.fontSize * node.line_height).toBeLessThanOrEqual(node.height);
    for (const line of fitted.lines) expect(measure(line, { ...font, size: fitted.fontSize })).toBeLessThanOrEqual(node.width);
    // One pixel larger would not fit: it is the largest.
    const larger = fitText({ ...node, text, font_size: fitted.fontSize + 1, auto_fit: false }, measure);
    expect(larger.overflow).toBe(true);
  });

  it("says a text without auto-fit spills, and leaves its size alone", () => {
    const fitted = fitText({ ...node, text: "word ".repeat(60), auto_fit: false }, measure);
    expect(fitted).toMatchObject({ fontSize: 20, overflow: true });
  });

  it("stops shrinking at 8 px and says the text still spills", () => {
    expect(fitText({ ...node, text: "word ".repeat(400) }, measure)).toMatchObject({ fontSize: 8, overflow: true });
  });
});
