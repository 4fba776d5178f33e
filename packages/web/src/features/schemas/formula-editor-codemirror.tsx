/**
 * CodeMirror 6 for formulas: Ruby highlighting (the language reads like Ruby), completion of
 * `this`, the field names (bare when they are plain identifiers, else `field('Name')`), the
 * functions and, after a dot, the methods; and the server's problems as lint diagnostics.
 * Loaded lazily by formula-editor.tsx: this module is its own chunk.
 */
import {
  autocompletion,
  type Completion,
  type CompletionContext,
  type CompletionResult,
} from '@codemirror/autocomplete';
import { StreamLanguage } from '@codemirror/language';
import { ruby } from '@codemirror/legacy-modes/mode/ruby';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { EditorState, type Extension, type Text } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { useEffect, useEffectEvent, useRef } from 'react';
import type { FormulaDiagnostic, FormulaVocabulary } from './formula-editor-check';

interface CodeEditorProps {
  value: string;
  onChange(value: string): void;
  diagnostics: FormulaDiagnostic[];
  fieldNames: string[];
  vocabulary: FormulaVocabulary | undefined;
  label: string;
  describedBy: string;
}

const BARE_NAME = /^[a-z_][a-z0-9_]*$/;

interface Words {
  fieldNames: string[];
  vocabulary: FormulaVocabulary | undefined;
}

function optionsOf({ fieldNames, vocabulary }: Words): { words: Completion[]; methods: Completion[] } {
  const words: Completion[] = [
    { label: 'this', type: 'keyword', detail: 'the value being generated' },
    ...fieldNames.map((name): Completion =>
      BARE_NAME.test(name)
        ? { label: name, type: 'variable', detail: 'field' }
        : { label: `field('${name.replace(/'/g, "\\'")}')`, type: 'variable', detail: 'field' },
    ),
    ...(vocabulary?.functions ?? []).map((f): Completion => ({
      label: f.name,
      type: 'function',
      detail: f.signature,
      info: `${f.description} ${f.example}`,
    })),
    ...(vocabulary?.specialForms ?? [])
      .filter((f) => /^[a-z_]+$/.test(f.name))
      .map((f): Completion => ({ label: f.name, type: 'function', detail: f.signature, info: f.description })),
  ];
  const methods = (vocabulary?.methods ?? []).map((m): Completion => ({
    label: m.name,
    type: 'method',
    detail: m.signature,
    info: `${m.description} ${m.example}`,
  }));
  return { words, methods };
}

/** Reads the words when asked, so the vocabulary can arrive after the editor opened. */
function completionsOf(current: () => Words) {
  return (context: CompletionContext): CompletionResult | null => {
    const word = context.matchBefore(/[\w?!]*/);
    if (!word) return null;
    const afterDot = word.from > 0 && context.state.sliceDoc(word.from - 1, word.from) === '.';
    if (word.from === word.to && !context.explicit && !afterDot) return null;
    const { words, methods } = optionsOf(current());
    return { from: word.from, options: afterDot ? methods : words, validFor: /^[\w?!]*$/ };
  };
}

/**
 * What every editor of the formula language has (formulas here, mock handlers in
 * mocks/handler-code.tsx): Ruby highlighting, the lint gutter, wrapping, its accessible name,
 * and every change reported through `onChange`.
 */
export function formulaLanguageSetup(
  attributes: Record<string, string>,
  onChange: (value: string) => void,
): Extension[] {
  return [
    basicSetup,
    StreamLanguage.define(ruby),
    lintGutter(),
    EditorView.lineWrapping,
    EditorView.contentAttributes.of({ ...attributes, 'aria-multiline': 'true' }),
    EditorView.updateListener.of((update) => {
      if (update.docChanged) onChange(update.state.doc.toString());
    }),
  ];
}

/** A server message at LINE:COLUMN (1-based) as an error on that character; the whole text when it has no position (or one past the end). */
export function diagnosticAt(doc: Text, line: number | null, column: number | null, message: string): Diagnostic {
  if (line === null || column === null || line > doc.lines)
    return { from: 0, to: doc.length, severity: 'error', message };
  const where = doc.line(Math.max(1, line));
  const from = Math.min(where.from + Math.max(0, column - 1), doc.length);
  return { from, to: Math.min(from + 1, where.to), severity: 'error', message };
}

function toDiagnostic(doc: Text, d: FormulaDiagnostic): Diagnostic {
  return diagnosticAt(doc, d.line, d.column, d.message);
}

export default function CodeEditor(props: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  // The editor calls back into the latest render's props, not the first one's.
  const emitChange = useEffectEvent((value: string) => props.onChange(value));
  const currentWords = useEffectEvent((): Words => ({ fieldNames: props.fieldNames, vocabulary: props.vocabulary }));
  // Built once, from the props at mount: the value then flows out through onChange, the words
  // are read when completing, and the diagnostics are dispatched as they change.
  const createEditor = useEffectEvent(
    (parent: HTMLElement) =>
      new EditorView({
        parent,
        state: EditorState.create({
          doc: props.value,
          extensions: [
            ...formulaLanguageSetup({ 'aria-label': props.label, 'aria-describedby': props.describedBy }, (value) =>
              emitChange(value),
            ),
            autocompletion({ override: [completionsOf(() => currentWords())] }),
          ],
        }),
      }),
  );

  useEffect(() => {
    const editor = createEditor(host.current!);
    view.current = editor;
    editor.focus();
    return () => editor.destroy();
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    editor.dispatch(
      setDiagnostics(
        editor.state,
        props.diagnostics.map((d) => toDiagnostic(editor.state.doc, d)),
      ),
    );
  }, [props.diagnostics]);

  return <div ref={host} className="formula-code" />;
}
