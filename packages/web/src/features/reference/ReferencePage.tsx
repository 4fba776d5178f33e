/**
 * /reference: the formula language's functions, methods and special forms, and every data type
 * with its parameters, as the server describes them (GET /api/formula-functions, GET /api/types):
 * the same tables docs/formulas.md and docs/types.md are generated from, always this server's.
 * Everything is rendered as text; nothing from the answers is read as HTML.
 */
import { useDeferredValue, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { FormulaSyntax as FormulaSyntaxEntry, FormulaWord, TypeDescription } from '@rowloom/contract';
import { useCatalogue } from '../catalogue/catalogue';
import { useFormulaVocabulary } from '../schemas/formula-editor-check';
import { exampleText } from '../schemas/type-picker-search';
import { byCategory, codePieces, parameterNote, syntaxMatches, typesMatching, wordsMatching } from './reference-filter';
import './reference.css';

const SECTIONS = [
  { id: 'formulas', label: 'Formula syntax' },
  { id: 'functions', label: 'Functions' },
  { id: 'methods', label: 'Methods' },
  { id: 'special-forms', label: 'Special forms' },
  { id: 'types', label: 'Data types' },
];

export default function ReferencePage() {
  const catalogue = useCatalogue();
  const vocabulary = useFormulaVocabulary();
  const [query, setQuery] = useState('');
  const filter = useDeferredValue(query);
  useScrollToHash(Boolean(catalogue.data && vocabulary.data));
  const failure = catalogue.error ?? vocabulary.error;
  return (
    <section className="page reference" aria-labelledby="reference-title">
      <h1 id="reference-title">Reference</h1>
      <p className="hint">The formula language and every data type, as this server knows them.</p>
      <div className="reference-tools">
        <label>
          Search the reference{' '}
          <input
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="e.g. upper, date"
          />
        </label>
        <nav aria-label="Reference sections">
          {SECTIONS.map((s) => (
            <a key={s.id} href={`#${s.id}`}>
              {s.label}
            </a>
          ))}
        </nav>
      </div>
      {failure && (
        <p className="error" role="alert">
          The reference could not be loaded: {failure.message}
        </p>
      )}
      {(catalogue.isPending || vocabulary.isPending) && !failure && (
        <p className="loading" role="status">
          Loading…
        </p>
      )}
      {vocabulary.data && (
        <>
          <FormulaSyntax entries={vocabulary.data.syntax.filter((e) => syntaxMatches(e, filter))} />
          <WordSection id="functions" title="Functions" words={wordsMatching(vocabulary.data.functions, filter)} />
          <WordSection id="methods" title="Methods" words={wordsMatching(vocabulary.data.methods, filter)} />
          <WordSection
            id="special-forms"
            title="Special forms"
            words={wordsMatching(vocabulary.data.specialForms, filter)}
          />
        </>
      )}
      {catalogue.data && <TypeSection types={typesMatching(catalogue.data, filter)} />}
    </section>
  );
}

/** The data arrives after the page: a link to /reference#types scrolls once it is there. */
function useScrollToHash(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (ready && hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [ready, hash]);
}

function FormulaSyntax({ entries }: { entries: FormulaSyntaxEntry[] }) {
  return (
    <section aria-labelledby="formulas">
      <h2 id="formulas">Formula syntax</h2>
      <p>
        A formula is a Ruby-flavoured expression, or several statements. In the <strong>Formula</strong> type it is the
        field's value; as the formula of any other field it transforms the value generated for that field, which it
        reads as <code>this</code>. Statements go on separate lines or are separated by <code>;</code>, and{' '}
        <code>name = value</code> makes a local.
      </p>
      <table className="reference-syntax">
        <thead>
          <tr>
            <th scope="col">Syntax</th>
            <th scope="col">Meaning</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.syntax.join(' ')}>
              <td>
                {entry.syntax.map((example, i) => (
                  <span key={example}>
                    {i > 0 && ', '}
                    <code>{example}</code>
                  </span>
                ))}
              </td>
              <td>
                <WithCode text={entry.meaning} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Text whose `backticked` pieces are code, as React text: nothing is read as HTML. */
function WithCode({ text }: { text: string }) {
  return <>{codePieces(text).map((piece, i) => (piece.code ? <code key={i}>{piece.text}</code> : piece.text))}</>;
}

function WordSection({ id, title, words }: { id: string; title: string; words: FormulaWord[] }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {words.length === 0 ? (
        <p className="hint">Nothing matches the search.</p>
      ) : (
        <dl className="reference-words">
          {words.map((w) => (
            <div key={w.signature}>
              <dt>
                <code>{w.signature}</code>
              </dt>
              <dd>
                {w.description}
                {w.example && (
                  <>
                    {' '}
                    <span className="reference-example">
                      e.g. <code>{w.example}</code>
                    </span>
                  </>
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

function TypeSection({ types }: { types: TypeDescription[] }) {
  return (
    <section aria-labelledby="types">
      <h2 id="types">Data types</h2>
      {types.length === 0 && <p className="hint">Nothing matches the search.</p>}
      {byCategory(types).map(([category, members]) => (
        <section key={category} aria-label={category}>
          <h3>{category}</h3>
          {members.map((type) => (
            <TypeEntry key={type.name} type={type} />
          ))}
        </section>
      ))}
    </section>
  );
}

function TypeEntry({ type }: { type: TypeDescription }) {
  return (
    <article className="reference-type" aria-label={type.name}>
      <h4>
        {type.name}
        {type.aliases.length > 0 && <span className="hint"> (also {type.aliases.join(', ')})</span>}
      </h4>
      <p>{type.description}</p>
      {type.parameters.length > 0 && (
        <ul className="reference-params">
          {type.parameters.map((p) => (
            <li key={p.name}>
              <code>{p.name}</code> <span className="hint">({parameterNote(p)})</span>: {p.description}
            </li>
          ))}
        </ul>
      )}
      <p className="reference-example">
        e.g. <code>{exampleText(type.example)}</code>
      </p>
    </article>
  );
}
