/**
 * Worker thread entry: checks projects and counts their rows (core's planProject), one after
 * another on a thread that stays (concurrency/resident-threads.ts), away from the thread that
 * answers requests: counting a driven table draws every parent's children, and a
 * project of many tables compiles them all.
 */
import { planProject, ProjectError, type PlanOptions } from '@rowloom/core';
import { serveOnThread } from '../../concurrency/resident-threads.js';

export interface PlanInput extends PlanOptions {
  document: unknown;
}

export type PlanReply =
  | { ok: true; seed: string | number; counts: Record<string, number>; warnings: string[] }
  | { ok: false; problems: string[]; ours: boolean };

function reply({ document, ...options }: PlanInput): PlanReply {
  try {
    const plan = planProject(document, options);
    return { ok: true, seed: plan.seed, counts: plan.counts, warnings: plan.warnings };
  } catch (error) {
    if (error instanceof ProjectError) return { ok: false, problems: error.problems, ours: false };
    return { ok: false, problems: [(error as Error).message], ours: true };
  }
}

void serveOnThread(reply);
