import { expect, type Page } from '@playwright/test';

/**
 * Every visible element whose box leaves the viewport sideways, unless an ancestor that scrolls or clips holds it
 * (a table scrolling in its own box is fine; a picker sticking out of the screen is not). Described for a person:
 * tag, classes, text, and how far out it is.
 */
export function elementsOutsideViewport(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const clipped = (element: Element): boolean => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX !== 'visible' && style.overflowX !== 'clip') {
          const box = parent.getBoundingClientRect();
          if (box.left >= -1 && box.right <= width + 1) return true;
        }
        if (style.overflowX === 'clip' || style.overflow === 'hidden') return true;
      }
      return false;
    };
    const out: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.left >= -1 && box.right <= width + 1) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || (style.position === 'fixed' && style.opacity === '0')) continue;
      // The visually-hidden pattern: a 1 px clipped box that is meant to be off screen for the eye only.
      if (box.width <= 1 && box.height <= 1) continue;
      if (clipped(element)) continue;
      const name = `${element.tagName.toLowerCase()}.${String(element.className).split(' ').join('.')}`;
      out.push(
        `${name} "${(element.textContent ?? '').trim().slice(0, 40)}" [${Math.round(box.left)}, ${Math.round(box.right)}] of ${width}`,
      );
    }
    return out;
  });
}

/** Nothing leaves the viewport sideways and the page itself never scrolls sideways. */
export async function expectFitsViewport(page: Page, screen: string) {
  expect(await elementsOutsideViewport(page), `${screen}: elements outside the viewport`).toEqual([]);
  const scrolls = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(scrolls, `${screen}: the page scrolls sideways`).toBe(false);
}
