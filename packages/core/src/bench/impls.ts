/** The implementations the benchmark compares, and how to start each as a child process. */
import { availableParallelism } from 'node:os';
import { childScript } from './paths.js';

export const IMPL_NAMES = [
  'rowloom-1',
  'rowloom-all',
  'rowloom-formula',
  'rowloom-ten-formulas',
  'faker-typical',
  'faker-tuned',
  'bare-loop',
] as const;
export type ImplName = (typeof IMPL_NAMES)[number];

/**
 * What every Rowloom figure is divided by, in the same round and format: a typical faker
 * script (the yardstick users know), a hand-tuned one over faker's data (what care alone
 * gets), and the bare loop that only copies pre-encoded bytes (the ceiling on this machine).
 */
export const ANCHOR_IMPLS = ['faker-typical', 'faker-tuned', 'bare-loop'] as const satisfies readonly ImplName[];
export type AnchorName = (typeof ANCHOR_IMPLS)[number];

export function isAnchor(impl: ImplName): impl is AnchorName {
  return (ANCHOR_IMPLS as readonly string[]).includes(impl);
}

/** Script and extra arguments of one implementation's child. */
export function implCommand(impl: ImplName): { script: string; args: string[] } {
  switch (impl) {
    case 'rowloom-1':
      return { script: childScript('rowloom-child'), args: ['--workers', '1'] };
    case 'rowloom-all':
      return { script: childScript('rowloom-child'), args: ['--workers', String(availableParallelism())] };
    case 'faker-typical':
    case 'faker-tuned':
    case 'bare-loop':
      return { script: childScript(impl), args: [] };
    // One thread, the standard schema with its last field a Formula; and ten Formula fields.
    case 'rowloom-formula':
      return { script: childScript('rowloom-child'), args: ['--workers', '1', '--schema', 'formula'] };
    case 'rowloom-ten-formulas':
      return { script: childScript('rowloom-child'), args: ['--workers', '1', '--schema', 'ten-formulas'] };
  }
}
