import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The impacts that fail a page; 'moderate' and 'minor' findings are reported but do not fail it. */
const failing = new Set(['serious', 'critical']);

export interface Finding {
  rule: string;
  impact: string;
  node: string;
  help: string;
  failing: boolean;
}

/** The rules whose outcome depends on the colours alone: all a second colour scheme of the same page can change. */
const colourRules = ['color-contrast', 'link-in-text-block'];

/**
 * Runs axe-core on the page as it is now (its default rules: WCAG 2.x A and AA, and best practices); answers one finding per
 * offending node (with `coloursOnly`, only the rules a colour scheme can change). Legacy mode runs axe.run() in the page, where the default opens a blank page per check to finish
 * it (for cross-origin frames, which this app only has with Stripe configured): four times faster here.
 */
export async function axeFindings(page: Page, { coloursOnly = false } = {}): Promise<Finding[]> {
  const builder = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
  const { violations } = await (coloursOnly ? builder.withRules(colourRules) : builder).analyze();
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const impact = node.impact ?? violation.impact ?? 'unknown';
      return {
        rule: violation.id,
        impact,
        node: `${node.target.join(' ')} ${node.html.slice(0, 120)}`,
        help: `${violation.help}: ${node.failureSummary?.replaceAll('\n', ' ') ?? ''}`,
        failing: failing.has(impact),
      };
    }),
  );
}

/**
 * Waits until the page's animations have ended or were cancelled (a toast or a menu going away rejects their
 * `finished`): axe reads colours mid-fade otherwise.
 */
export async function animationsSettled(page: Page) {
  await page.evaluate(() => Promise.allSettled(document.getAnimations().map((animation) => animation.finished)));
}

/** One line per finding, for a test's failure message. */
export const describeFindings = (where: string, findings: Finding[]) =>
  findings.map((f) => `${where}: ${f.rule} (${f.impact}) at ${f.node}\n    ${f.help}`);

/** Fails the test on any serious or critical violation on the page as it is now, naming the rule, place and node. */
export async function expectNoSeriousViolations(page: Page, where: string) {
  const failures = describeFindings(
    where,
    (await axeFindings(page)).filter((finding) => finding.failing),
  );
  expect(failures, `serious or critical axe violations:\n${failures.join('\n')}`).toEqual([]);
}
