/** The implementations the benchmark compares, and how to start each as a child process. */
import { availableParallelism } from 'node:os';
import { childScript } from './paths.js';

export const IMPL_NAMES = ['rowloom-1', 'rowloom-all', 'faker-typical', 'rowloom-formula', 'rowloom-ten-formulas'] as const;
export type ImplName = (typeof IMPL_NAMES)[number];

/** What every Rowloom figure is divided by. */
export const BASELINE_IMPL: ImplName = 'faker-typical';

/** Script and extra arguments of one implementation's child. */
export function implCommand(impl: ImplName): { script: string; args: string[] } {
  switch (impl) {
    case 'rowloom-1':
      return { script: childScript('rowloom-child'), args: ['--workers', '1'] };
    case 'rowloom-all':
      return { script: childScript('rowloom-child'), args: ['--workers', String(availableParallelism())] };
    case 'faker-typical':
      return { script: childScript('faker-typical'), args: [] };
    // One thread, the standard schema with its last field a Formula; and ten Formula fields.
    case 'rowloom-formula':
      return { script: childScript('rowloom-child'), args: ['--workers', '1', '--schema', 'formula'] };
    case 'rowloom-ten-formulas':
      return { script: childScript('rowloom-child'), args: ['--workers', '1', '--schema', 'ten-formulas'] };
  }
}
