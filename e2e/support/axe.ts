import type { Page } from '@playwright/test';
import type { AxeResults, ImpactValue, RunOptions } from 'axe-core';
import { readFileSync } from 'node:fs';

/**
 * Accessibility checks of a page with axe-core (the package's own build, read from node_modules:
 * nothing is fetched). The source is evaluated in the page through the browser's debugging
 * protocol, not added as a <script>, so the app's Content Security Policy (scripts from its own
 * origin only) stays as it is for the test.
 */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: the level the product promises. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

/** One failure: the rule, how bad, and each element with axe's own account of what is wrong. */
export interface AxeViolation {
  rule: string;
  impact: ImpactValue | null;
  help: string;
  nodes: { target: string; summary: string }[];
}

declare global {
  interface Window {
    axe?: { run(context: Document, options: RunOptions): Promise<AxeResults> };
  }
}

/**
 * Runs axe-core's WCAG A/AA rules over the whole page as it is now and answers the violations
 * (none: an empty list). Nothing is excluded. Call it once the screen shows its data: the rules
 * look only at what is rendered.
 */
export async function accessibilityViolations(page: Page): Promise<AxeViolation[]> {
  // Motion is settled first: a colour read mid-transition (a theme change, a hover) is neither
  // the before nor the after, and contrast would be judged on a colour nobody sees for long.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    async (tags) => {
      const axe = window.axe;
      if (!axe) throw new Error('axe-core did not load in the page');
      const answer = await axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return answer.violations.map((violation) => ({
        rule: violation.id,
        impact: violation.impact ?? null,
        help: violation.help,
        nodes: violation.nodes.map((node) => ({
          target: node.target.join(' '),
          summary: node.failureSummary ?? '',
        })),
      }));
    },
    [...WCAG_AA_TAGS],
  );
  return results;
}

/** The violations as lines a person can act on: rule, element, and what to fix. */
export function describeViolations(violations: readonly AxeViolation[]): string {
  return violations
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.rule} (${violation.impact ?? 'no impact'}): ${node.target}\n    ${node.summary.replace(/\n\s*/g, ' ')}`,
      ),
    )
    .join('\n');
}
