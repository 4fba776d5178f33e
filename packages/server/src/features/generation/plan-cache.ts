/**
 * Validated plans, remembered by the exact text of their fields (the request body's own text
 * when they came in the body, else their JSON): a generate request compiles its
 * fields on the main thread only to check them (and to shape the output), since its rows are
 * compiled again on a generation thread with its own seed, clock and id. For a client that
 * sends the same fields again and again, that check is the largest fixed cost of a small request.
 *
 * Only fields that read no datasets and no scenarios are remembered: a stored dataset or scenario
 * can change under the same text, and a plan checked against the old one must not vouch for the
 * new. Only plans that compiled are remembered, so a bad schema is reported each time, in full.
 *
 * A mock route's schema body is compiled with the request it answers (request_params and
 * request_entity in formulas): its plans are remembered only when they read none of a
 * generation's own constants (SchemaPlan.generationIndependent: no formula, no row count), so a
 * remembered plan is the same whatever the request, and makes its rows on this thread as well.
 */
import { planSharingKey, PLAN_KEY_MAX_TEXT, type GenerateRequest, type SchemaPlan } from '@rowloom/core';
import { BoundedCache } from '../../cache/bounded-cache.js';

/** Distinct field lists remembered; a plan is a few kilobytes to a few hundred. */
export const PLAN_CACHE_SIZE = 256;
/** Fields longer than this (as JSON) are compiled each time (core's plan-key.ts). */
export const PLAN_CACHE_MAX_TEXT = PLAN_KEY_MAX_TEXT;

export class PlanCache {
  private readonly plans = new BoundedCache<string, SchemaPlan>({ max: PLAN_CACHE_SIZE });

  get size(): number {
    return this.plans.size;
  }

  /**
   * generate()'s reusePlan for these inputs, or undefined when they may not share a plan (they
   * read stored datasets or scenarios, or are too long to keep). `fieldsText`: the request body
   * the fields were read from, if they were; it keys them without serialising them again.
   * `onlyIndependent`: keep only plans that read no generation constant (a mock request's plans).
   */
  reuser(
    fields: unknown[],
    sources: { datasets: object; scenarios: object; datasetNames?: unknown; scenarioNames?: unknown },
    publicUrl: string | undefined,
    fieldsText?: string,
    { onlyIndependent = false } = {},
  ): GenerateRequest['reusePlan'] {
    // A request that lists the user's dataset or scenario names may read them: never shared.
    if (sources.datasetNames !== undefined || sources.scenarioNames !== undefined) return undefined;
    const key = planSharingKey({
      fields,
      fieldsText,
      datasets: sources.datasets,
      scenarios: sources.scenarios,
      publicUrl,
    });
    if (key === null) return undefined;
    return (compile) => {
      const known = this.plans.get(key);
      if (known) return known;
      const plan = compile();
      if (!onlyIndependent || plan.generationIndependent) this.plans.set(key, plan);
      return plan;
    };
  }
}
