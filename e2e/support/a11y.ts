/** The project's accessibility bar, WCAG 2.1 AA, checked by axe-core on the screen a test is looking at. */
import AxeBuilder from '@axe-core/playwright';
import { test, type Page } from '@playwright/test';

/** axe-core's tags for WCAG 2.0 and 2.1, levels A and AA (without its "best practice" rules). */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Rules axe-core tags as WCAG 2.1 A/AA but leaves out of a tag run while they are "experimental". Without
 * label-content-name-mismatch nothing checks 2.5.3 (a button's spoken name holds the words it shows). Left out:
 * p-as-heading, a guess from font weight and size that takes every empty state's bold line ("No pending tickets"
 * above its hint) for a heading.
 */
const EXPERIMENTAL_WCAG_RULES = [
  'label-content-name-mismatch',
  'css-orientation-lock',
  'td-has-header',
  'table-fake-caption',
];

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** One violation as a person fixing it wants to read it: the rule, how bad, and each failing element with why. */
const describe = (v: Violation) =>
  [
    `- ${v.id} (${v.impact ?? 'no impact given'}): ${v.help}`,
    `  ${v.helpUrl}`,
    ...v.nodes.flatMap((node) => [
      `  • ${node.target.join(' ')}`,
      ...(node.failureSummary ?? '').split('\n').map((line) => `      ${line.trim()}`),
    ]),
  ].join('\n');

/**
 * Waits until nothing on the page is mid-transition: every finite CSS transition or animation (a tooltip fading in,
 * a dialog popping up, a delayed panel) has finished. axe-core measures colours as they are painted at that moment,
 * so white text on a tooltip halfway through its fade reads as 2.3:1. Infinite ones (a spinner) never finish and
 * are left out. The e2e run asks for reduced motion, so this is rarely longer than a delay such as a tooltip's.
 */
async function settled(page: Page) {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
        ),
    undefined,
    { timeout: 10_000 },
  );
}

/**
 * Runs axe-core's WCAG 2.1 AA rules on the page as it is now (open dialogs, menus and pickers included), once it has
 * settled, and fails with every violation, naming `screen` so the report says which screen broke which rule.
 * `include` limits the check to one element (a CSS selector) and what it holds, its shadow root too.
 */
export async function expectAccessible(page: Page, screen: string, options: { include?: string } = {}) {
  await test.step(`axe-core WCAG 2.1 AA: ${screen}`, async () => {
    await settled(page);
    // axe.run in the page itself (legacy mode) rather than runPartial in each frame and finishRun in a blank page
    // opened beside it: about half the time per check, a second or more on a loaded 2-core machine, over 200 checks
    // a run. What it gives up is cross-origin frames, and the only one a test page holds is Meta's hidden stand-in.
    let builder = new AxeBuilder({ page })
      .setLegacyMode(true)
      .options({ rules: Object.fromEntries(EXPERIMENTAL_WCAG_RULES.map((id) => [id, { enabled: true }])) })
      .withTags(WCAG_21_AA);
    // Only what is ours on a page that is not (the widget on a customer's WordPress theme).
    if (options.include) builder = builder.include(options.include);
    const { violations } = await builder.analyze();
    if (violations.length === 0) return;
    await test.info().attach(`axe-${screen}.json`, {
      body: JSON.stringify(violations, null, 2),
      contentType: 'application/json',
    });
    throw new Error(`${screen}: ${violations.length} WCAG 2.1 AA violation(s)\n${violations.map(describe).join('\n')}`);
  });
}
