import type { Page, TestInfo } from "@playwright/test";

/**
 * What a person would see cut off or sliding sideways on the page as it is now, each as a
 * sentence naming the element: the page wider than the window (it scrolls sideways), and a
 * field whose placeholder or chosen option is wider than the field (its words are cut off).
 * A typed value longer than its field is not counted: the field scrolls to show it.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const name = (element: Element) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}${typeof element.className === "string" && element.className ? `.${element.className.trim().split(/\s+/).join(".")}` : ""}`;
    const width = window.innerWidth;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth > width) {
      // The innermost elements past the right edge say what widened the page.
      const past = [...document.querySelectorAll("body *")].filter((element) => element.getBoundingClientRect().right > width + 1);
      const innermost = past.filter((element) => !past.some((other) => other !== element && element.contains(other))).slice(0, 3);
      problems.push(`the page is ${scrollWidth - width}px wider than the ${width}px window (${innermost.map(name).join(", ")})`);
    }
    const context = document.createElement("canvas").getContext("2d")!;
    for (const element of document.querySelectorAll("input[placeholder], select")) {
      const field = element as HTMLInputElement | HTMLSelectElement;
      const style = getComputedStyle(element);
      if (field.getClientRects().length === 0 || style.visibility === "hidden" || field.closest(".visually-hidden")) continue;
      if (field instanceof HTMLSelectElement && (field.multiple || field.size > 1)) continue;
      const text = field instanceof HTMLSelectElement ? (field.selectedOptions[0]?.textContent ?? "") : field.value ? "" : field.placeholder;
      if (!text) continue;
      context.font = style.font;
      const needed = context.measureText(text).width;
      const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (needed > room + 1) problems.push(`${name(element)} cuts off “${text}” (${Math.ceil(needed)}px of text in ${Math.floor(room)}px)`);
    }
    return problems;
  });
}

/**
 * Elements inside an open dialog whose content is wider than their box: text cut off at the
 * right, or a dialog that scrolls sideways. Each as "element: N px".
 */
export async function clippedInDialogs(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("dialog[open]")].flatMap((dialog) =>
      [dialog, ...dialog.querySelectorAll("*")]
        .filter((element) => element.clientWidth > 0 && element.scrollWidth > element.clientWidth)
        .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).trim().split(/\s+/).join(".")}: ${element.scrollWidth - element.clientWidth}px`),
    ),
  );
}

/** Saves a screenshot of the page as it is now beside the test's results and attaches it to its report, named for what it shows. */
export async function attachScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "")}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: "image/png" });
}
