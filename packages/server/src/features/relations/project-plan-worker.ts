/**
 * Worker thread entry: checks a project and counts its rows (core's planProject) away from the
 * thread that answers requests: counting a driven table draws every parent's children, and a
 * project of many tables compiles them all.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { planProject, ProjectError, type PlanOptions } from '@rowloom/core';

export interface PlanInput extends PlanOptions {
  document: unknown;
}

export type PlanReply =
  | { ok: true; seed: string | number; counts: Record<string, number>; warnings: string[] }
  | { ok: false; problems: string[]; ours: boolean };

function reply(): PlanReply {
  const { document, ...options } = workerData as PlanInput;
  try {
    const plan = planProject(document, options);
    return { ok: true, seed: plan.seed, counts: plan.counts, warnings: plan.warnings };
  } catch (error) {
    if (error instanceof ProjectError) return { ok: false, problems: error.problems, ours: false };
    return { ok: false, problems: [(error as Error).message], ours: true };
  }
}

parentPort!.postMessage(reply());
