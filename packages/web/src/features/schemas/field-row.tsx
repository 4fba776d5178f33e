/**
 * One field of the grid: drag handle, name, type button, the type's options, blank %, formula,
 * move up/down and remove. Everything the server reported about the field shows beside the
 * control it names. Nested names (`address.city`) show their parents and sit indented.
 */
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useEffect, useEffectEvent, useRef } from 'react';
import type { TypeDescription } from '../catalogue/catalogue';
import { useBuilder, type FieldProblem } from './builder-context';
import { describedBy, parentPath, placeProblems } from './field-row-model';
import { OptionsForm } from './options-form';
import type { BuilderField } from './schema-model';

interface FieldRowProps {
  field: BuilderField;
  index: number;
  count: number;
  type: TypeDescription | undefined;
  /** False while GET /api/types is on its way: no "unknown type" then. */
  catalogueReady: boolean;
  problems: FieldProblem[];
  otherNames: string[];
  /** Focus and select the name (a row just added). */
  focusName: boolean;
  onFocused(): void;
  onOpenType(opener: HTMLElement): void;
  /** 'formula' for the field's formula, or a Formula type's parameter. */
  onOpenFormula(target: string, opener: HTMLElement): void;
  onMove(to: number): void;
  onRemove(): void;
}

export function rowLabel(field: BuilderField, index: number): string {
  return field.name.trim() || `field ${index + 1}`;
}

export function FieldRow(props: FieldRowProps) {
  const { field, index, count, type } = props;
  const { dispatch } = useBuilder();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: field.key,
  });
  const nameInput = useRef<HTMLInputElement>(null);
  const label = rowLabel(field, index);
  const placed = placeProblems(props.problems, type, field.key);
  const { parents, depth } = parentPath(field.name);
  const update = (patch: Partial<Omit<BuilderField, 'key'>>) => dispatch({ kind: 'update', key: field.key, patch });

  // Focus follows the focusName flag alone; the callback is whichever the parent passes now.
  const reportFocused = useEffectEvent(() => props.onFocused());
  useEffect(() => {
    if (!props.focusName) return;
    nameInput.current?.focus();
    nameInput.current?.select();
    reportFocused();
  }, [props.focusName]);

  const rowProblems = placed.filter((p) => typeof p.place === 'string');
  const id = (part: string) => `${field.key}-${part}`;
  return (
    <li
      ref={setNodeRef}
      className={`field-row${isDragging ? ' dragging' : ''}${props.problems.length ? ' has-problem' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition, ['--depth' as string]: depth }}
    >
      <div role="group" aria-label={`Field ${label}`} className="field-row-grid">
        <div className="field-row-order">
          <button
            type="button"
            ref={setActivatorNodeRef}
            className="drag-handle"
            {...attributes}
            {...listeners}
            aria-label={`Drag ${label} to reorder`}
          >
            ⠿
          </button>
          <button
            type="button"
            className="icon"
            aria-label="Move up"
            disabled={index === 0}
            onClick={() => props.onMove(index - 1)}
          >
            ↑
          </button>
          <button
            type="button"
            className="icon"
            aria-label="Move down"
            disabled={index === count - 1}
            onClick={() => props.onMove(index + 1)}
          >
            ↓
          </button>
        </div>
        <div className="field-row-name">
          {parents.length > 0 && (
            <span className="field-path" id={id('path')}>
              in {parents.join(' › ')}
            </span>
          )}
          <input
            ref={nameInput}
            aria-label="Name"
            value={field.name}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={placed.some((p) => p.place === 'name') || undefined}
            aria-describedby={describedBy(placed, 'name', parents.length ? id('path') : undefined)}
            onChange={(e) => update({ name: e.target.value })}
          />
        </div>
        <div className="field-row-type">
          <button
            type="button"
            className="type-button"
            aria-haspopup="dialog"
            aria-label={`Type: ${field.type || 'none'}`}
            aria-invalid={placed.some((p) => p.place === 'type') || undefined}
            aria-describedby={describedBy(placed, 'type')}
            onClick={(e) => props.onOpenType(e.currentTarget)}
          >
            {field.type || 'Choose a type'}
          </button>
        </div>
        <div className="field-row-options">
          {props.catalogueReady && (
            <OptionsForm
              rowKey={field.key}
              type={type}
              params={field.params}
              problems={placed}
              otherNames={props.otherNames}
              onParams={(params) => update({ params })}
              onEditFormulaParam={(param) => props.onOpenFormula(param, document.activeElement as HTMLElement)}
            />
          )}
        </div>
        <div className="field-row-extras">
          <label className="blank">
            <span>Blank %</span>
            <input
              type="number"
              min={0}
              max={100}
              step="any"
              inputMode="decimal"
              value={field.percentBlank || ''}
              placeholder="0"
              aria-invalid={placed.some((p) => p.place === 'percentBlank') || undefined}
              aria-describedby={describedBy(placed, 'percentBlank')}
              onChange={(e) =>
                update({ percentBlank: Number.isFinite(e.target.valueAsNumber) ? e.target.valueAsNumber : 0 })
              }
            />
          </label>
          <button
            type="button"
            className={`formula-button${field.formula.trim() ? ' set' : ''}`}
            title={field.formula || 'Add a formula'}
            // The name starts with what the button shows (ƒx), so speech input can say what it sees.
            aria-label={field.formula.trim() ? 'ƒx Formula (set)' : 'ƒx Formula'}
            aria-haspopup="dialog"
            aria-invalid={placed.some((p) => p.place === 'formula') || undefined}
            aria-describedby={describedBy(placed, 'formula')}
            onClick={(e) => props.onOpenFormula('formula', e.currentTarget)}
          >
            ƒx
          </button>
          <button type="button" className="icon remove" aria-label={`Remove ${label}`} onClick={props.onRemove}>
            ✕
          </button>
        </div>
      </div>
      {rowProblems.length > 0 && (
        <ul className="field-problems">
          {rowProblems.map((p) => (
            <li key={p.id} id={p.id}>
              {p.param && p.param !== 'name' ? `${p.param}: ` : ''}
              {p.message}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
