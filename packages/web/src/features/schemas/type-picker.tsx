/**
 * The type picker: a modal <dialog> (the page behind it is inert, so focus stays inside) with
 * the catalogue's categories, a search box over names, aliases and descriptions, and each
 * type's description and example. Arrow keys move through the results, Enter picks, Escape
 * closes. Everything comes from GET /api/types.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useCatalogue, type TypeDescription } from '../catalogue/catalogue';
import { categoriesOf, exampleText, searchTypes } from './type-picker-search';
import './type-picker.css';

interface TypePickerProps {
  /** The field's current type, highlighted when the picker opens. */
  current: string;
  fieldLabel: string;
  onPick(type: TypeDescription): void;
  onClose(): void;
}

export function TypePicker({ current, fieldLabel, onPick, onClose }: TypePickerProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const searchBox = useRef<HTMLInputElement>(null);
  const { data: types = [], error, isPending } = useCatalogue();
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const listId = useId();
  const results = useMemo(() => searchTypes(types, query, category), [types, query, category]);
  const categories = useMemo(() => categoriesOf(types), [types]);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    // showModal focuses the first control (Close); the search box is where typing belongs.
    searchBox.current?.focus();
    return () => element?.close();
  }, []);
  // Start on the current type (once the catalogue is here), so Enter alone keeps it.
  useEffect(() => {
    setActive(
      Math.max(
        0,
        types.findIndex((t) => t.name === current),
      ),
    );
  }, [types, current]);
  // Set with the query or category, in the same render, so an Enter right after typing picks the best match.
  const search = (text: string) => {
    setQuery(text);
    setActive(0);
  };
  const choose = (c: string | null) => {
    setCategory(c);
    setActive(0);
  };
  useEffect(() => {
    document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, listId]);

  const onKeyDown = (event: KeyboardEvent) => {
    const last = results.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(last, active + 1),
      ArrowUp: Math.max(0, active - 1),
      PageDown: Math.min(last, active + 8),
      PageUp: Math.max(0, active - 8),
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key]);
    } else if (event.key === 'Escape') {
      // A search box takes the first Escape to clear itself; here Escape always closes.
      event.preventDefault();
      onClose();
    } else if (event.key === 'Enter' && results[active]) {
      event.preventDefault();
      onPick(results[active]);
    }
  };

  return (
    <dialog
      ref={dialog}
      className="type-picker"
      aria-labelledby={`${listId}-title`}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <header className="type-picker-head">
        <h2 id={`${listId}-title`}>Choose a type for {fieldLabel}</h2>
        <button type="button" onClick={onClose} aria-label="Close">
          ✕
        </button>
      </header>
      <input
        type="search"
        className="type-picker-search"
        role="combobox"
        aria-label="Search types"
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={results[active] ? `${listId}-${active}` : undefined}
        placeholder="Search names, aliases, descriptions…"
        value={query}
        ref={searchBox}
        onChange={(e) => search(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="type-picker-body">
        <nav aria-label="Categories" className="type-picker-categories">
          {[null, ...categories].map((c) => (
            <button key={c ?? '*'} type="button" aria-pressed={category === c} onClick={() => choose(c)}>
              {c ?? 'All types'}
            </button>
          ))}
        </nav>
        {/* Focusable, so a keyboard can scroll it too (its options are reached from the search box). */}
        <div className="type-picker-results" tabIndex={0} role="region" aria-label="Matching types">
          {isPending && <p className="hint">Loading the types…</p>}
          {error && (
            <p className="error" role="alert">
              The types could not be loaded: {error.message}
            </p>
          )}
          <p className="hint" aria-live="polite">
            {isPending ? '' : `${results.length} ${results.length === 1 ? 'type' : 'types'}`}
          </p>
          <ul role="listbox" id={listId} aria-label="Types">
            {results.map((type, i) => (
              <li
                key={type.name}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className={type.name === current ? 'current' : undefined}
                onMouseMove={() => setActive(i)}
                onClick={() => onPick(type)}
              >
                <span className="type-name">{type.name}</span>
                <span className="type-category">{type.category}</span>
                <span className="type-about">
                  <span className="type-description">{type.description}</span>
                  <span className="type-example">
                    e.g. <code>{exampleText(type.example)}</code>
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </dialog>
  );
}
