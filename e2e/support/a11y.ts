import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.1 A and AA, the level the product commits to. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Until no CSS transition or finite animation runs (a notice sliding in is a blend of colours; a spinner
 * turns for ever), at most 5 s.
 */
async function atRest(page: Page) {
  await page
    .waitForFunction(
      `document.getAnimations().every((a) =>
        a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity)`,
      undefined,
      { timeout: 5000 },
    )
    .catch(() => undefined);
}

async function seriousViolations(page: Page) {
  await atRest(page);
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * Runs axe-core on the page at rest and fails on any serious or critical violation, listing each with
 * the elements it was found on. Moderate and minor findings are reported in the failure only. A page is
 * judged twice before it fails: a live notice that arrived during the scan is judged once it has
 * settled, while a real violation is there both times.
 */
export async function expectAccessible(page: Page, name: string) {
  let serious = await seriousViolations(page);
  if (serious.length > 0) serious = await seriousViolations(page);
  const described = serious.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help}\n${v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(' ')}  ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
        .join('\n')}`,
  );
  expect(described, `axe on ${name}`).toEqual([]);
}

/** One h1, and a tab title that names the page before the brand: 'Documents · Charter'. */
export async function expectTitled(page: Page, heading: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(page).toHaveTitle(`${heading} · Charter`);
}

/** Nothing wider than the window: the page itself never scrolls sideways (tables scroll in place). */
export async function expectNoSidewaysScroll(page: Page, name: string) {
  // A string, since the e2e project is typed for Node (no DOM lib).
  const overflow = await page.evaluate(
    'document.documentElement.scrollWidth - document.documentElement.clientWidth',
  );
  expect(overflow, `${name} is wider than the window by`).toBeLessThanOrEqual(0);
}
