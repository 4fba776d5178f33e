/**
 * axe-core in the page under test: injected from node_modules (never fetched), run over the whole
 * document with its default rules plus label-content-name-mismatch (experimental in axe, but it
 * is the "label in name" check speech-input users rely on). Violations come back as readable text.
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeNode {
  target: unknown[];
  html: string;
  failureSummary?: string;
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

/** axe's violations on the page as it is now. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.addScriptTag({ path: AXE_SCRIPT });
  return page.evaluate(async () => {
    /* eslint-disable @typescript-eslint/no-explicit-any -- axe and the DOM are the page's globals, typed nowhere here */
    const axe = (globalThis as any).axe;
    const results = await axe.run((globalThis as any).document, {
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations'],
    });
    /* eslint-enable @typescript-eslint/no-explicit-any -- only the page-side code above needs it */
    return results.violations as AxeViolation[];
  });
}

/** One paragraph per violation: the rule, its impact and help, then each element (at most 5) and why. */
export function describeViolations(where: string, violations: AxeViolation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map(
          (n) =>
            `    ${JSON.stringify(n.target)} ${n.html.slice(0, 160)}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
        )
        .join('\n');
      const more = v.nodes.length > 5 ? `\n    ... and ${v.nodes.length - 5} more` : '';
      return `${where}: ${v.id} (${v.impact ?? 'no impact'}) on ${v.nodes.length} element(s): ${v.help}\n  ${v.helpUrl}\n${nodes}${more}`;
    })
    .join('\n\n');
}
