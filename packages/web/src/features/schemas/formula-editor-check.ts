/**
 * Checks a formula as the user types: the schema, with the formula in place, is POSTed to
 * /api/schema-check (debounced); the problems naming this field's formula become the editor's
 * diagnostics, placed by the "at LINE:COLUMN" that ends the message.
 */
import { useQuery } from '@tanstack/react-query';
import { useContext, useEffect, useEffectEvent, useState } from 'react';
import type { FieldProblem, FormulaVocabulary } from '@rowloom/contract';
import { apiJson } from '../../api/client';
import { schemaProblems } from './schema-check';
import { BuilderContext } from './builder-context';
import { projectQuery } from './schema-model';
import { positionOf } from './field-row-model';

export interface FormulaDiagnostic {
  message: string;
  /** 1-based; null when the message names no position (the whole formula is at fault). */
  line: number | null;
  column: number | null;
}

export interface FormulaCheck {
  state: 'idle' | 'checking' | 'ok' | 'problems' | 'failed';
  diagnostics: FormulaDiagnostic[];
  /** Problems elsewhere in the schema, which stop the check from telling more. */
  others: number;
  failure?: string;
  /** The last round trip, in milliseconds (shown to nobody; the browser test reads it). */
  elapsedMs?: number;
  /** The text checked and every problem the server found in the schema with it, for the grid. */
  checked?: { text: string; details: FieldProblem[] };
}

export const CHECK_DELAY_MS = 300;

function diagnosticsOf(details: FieldProblem[], label: string, target: string) {
  const mine = details.filter((p) => p.field === label && (p.param === target || p.param?.startsWith(`${target}.`)));
  return {
    diagnostics: mine.map((p) => ({ message: p.message, ...(positionOf(p.message) ?? { line: null, column: null }) })),
    others: details.length - mine.length,
  };
}

export function useFormulaCheck(
  text: string,
  specsWith: (text: string) => Record<string, unknown>[],
  label: string,
  target: string,
): FormulaCheck {
  const [check, setCheck] = useState<FormulaCheck>({ state: 'idle', diagnostics: [], others: 0 });
  // specsWith changes with every render of the grid; the text is what the check is about, so the
  // check reads the latest specsWith without following it.
  const fieldsWith = useEffectEvent(specsWith);
  // In a project's table, parent.column and children(...) read its other tables.
  const builder = useContext(BuilderContext);
  const where = builder ? projectQuery(builder.schema) : '';
  useEffect(() => {
    if (text.trim() === '') {
      setCheck({ state: 'idle', diagnostics: [], others: 0 });
      return;
    }
    const abort = new AbortController();
    const timer = setTimeout(async () => {
      setCheck((c) => ({ ...c, state: 'checking' }));
      const started = performance.now();
      let details: FieldProblem[];
      try {
        details = await schemaProblems(fieldsWith(text), abort.signal, where);
      } catch (error) {
        if (abort.signal.aborted) return;
        const elapsedMs = performance.now() - started;
        setCheck({ state: 'failed', diagnostics: [], others: 0, failure: (error as Error).message, elapsedMs });
        return;
      }
      if (abort.signal.aborted) return;
      const found = diagnosticsOf(details, label, target);
      setCheck({
        state: found.diagnostics.length ? 'problems' : 'ok',
        ...found,
        elapsedMs: performance.now() - started,
        checked: { text, details },
      });
    }, CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [text, label, target, where]);
  return check;
}

export type { FormulaVocabulary, FormulaWord } from '@rowloom/contract';

/** GET /api/formula-functions: what completion offers besides `this` and the field names. */
export function useFormulaVocabulary() {
  return useQuery({
    queryKey: ['formula-functions'],
    queryFn: () => apiJson<FormulaVocabulary>('/api/formula-functions'),
    staleTime: Infinity,
  });
}
