/**
 * CodeMirror for handler source (the formula language, so Ruby highlighting like the formula
 * editor) with the server's errors as diagnostics at the line and column their messages name.
 * Loaded lazily: this module is its own chunk, shared with the formula editor's CodeMirror.
 */
import { setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { EditorState, type Text } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useEffect, useEffectEvent, useRef } from 'react';
import { diagnosticAt, formulaLanguageSetup } from '../schemas/formula-editor-codemirror';

interface Props {
  value: string;
  onChange(value: string): void;
  /** The server's messages about this source. */
  problems: string[];
  labelledBy: string;
}

/**
 * The position a message names: the validator writes `line 3:5:` and the formula language
 * `at 3:5`; the last one wins (a message may quote an earlier position).
 */
export function positionIn(message: string): { line: number; column: number } | null {
  const all = [...message.matchAll(/\b(?:at|line) (\d+):(\d+)/g)];
  const last = all[all.length - 1];
  return last ? { line: Number(last[1]), column: Number(last[2]) } : null;
}

function toDiagnostic(doc: Text, full: string): Diagnostic {
  // The JSON path in front is the page's business; the editor shows the rest.
  const message = full.replace(/^\S+\.source\s+/, '');
  const at = positionIn(full);
  return diagnosticAt(doc, at?.line ?? null, at?.column ?? null, message);
}

export default function HandlerCode(props: Props) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  // The editor calls back into the latest render's onChange, not the first one's.
  const emitChange = useEffectEvent((value: string) => props.onChange(value));
  // Built once per response, from the props at mount: the value then flows out through onChange.
  const createEditor = useEffectEvent(
    (parent: HTMLElement) =>
      new EditorView({
        parent,
        state: EditorState.create({
          doc: props.value,
          extensions: formulaLanguageSetup({ 'aria-labelledby': props.labelledBy }, (value) => emitChange(value)),
        }),
      }),
  );
  useEffect(() => {
    const editor = createEditor(host.current!);
    view.current = editor;
    return () => editor.destroy();
  }, []);

  // The diagnostics are set again when the messages change, not on every new (equal) list.
  const problemsKey = props.problems.join('\n');
  const showProblems = useEffectEvent((editor: EditorView) => {
    editor.dispatch(
      setDiagnostics(
        editor.state,
        props.problems.map((m) => toDiagnostic(editor.state.doc, m)),
      ),
    );
  });
  useEffect(() => {
    const editor = view.current;
    if (editor) showProblems(editor);
  }, [problemsKey]);

  return <div ref={host} className="handler-code" data-testid="handler-code" />;
}
