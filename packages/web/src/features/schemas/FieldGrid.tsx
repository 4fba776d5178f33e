/**
 * The schema's fields as a sortable grid. Rows reorder by dragging the handle, by keyboard on
 * the handle (Space, arrows, Space: @dnd-kit's keyboard sensor) or with the Move up/down
 * buttons; every move is announced. One type picker and one formula editor serve all rows.
 */
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useMemo, useRef, useState } from 'react';
import { useCatalogue, type TypeDescription } from '../catalogue/catalogue';
import { problemsOf, useBuilder } from './builder-context';
import { paramsKeptFor } from './field-row-model';
import { FieldRow, rowLabel } from './field-row';
import { dragAnnouncements, dragInstructions } from './FieldGrid-announcements';
import { FormulaDialog } from './formula-editor';
import { fieldKey, fieldSpecs, type BuilderField } from './schema-model';
import { TypePicker } from './type-picker';
import './FieldGrid.css';

interface Opened {
  key: string;
  /** Where focus goes back when the dialog closes. */
  opener: HTMLElement | null;
}

export function FieldGrid() {
  const { schema, dispatch, problems, setProblems } = useBuilder();
  const { data: types = [], error: catalogueError } = useCatalogue();
  const typesByName = useMemo(
    () => new Map(types.flatMap((t) => [[t.name, t] as const, ...t.aliases.map((a) => [a, t] as const)])),
    [types],
  );
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const [picking, setPicking] = useState<Opened | null>(null);
  const [formula, setFormula] = useState<(Opened & { target: string }) | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const addButton = useRef<HTMLButtonElement>(null);
  const fields = schema.fields;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const moveTo = (from: number, to: number) => {
    if (to < 0 || to >= fields.length || from === to) return;
    dispatch({ kind: 'move', from, to });
    setAnnouncement(`${rowLabel(fields[from], from)} moved to position ${to + 1} of ${fields.length}.`);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    // dnd-kit announces the drop itself.
    const from = fields.findIndex((f) => f.key === active.id);
    const to = fields.findIndex((f) => f.key === over.id);
    if (from >= 0 && to >= 0) dispatch({ kind: 'move', from, to });
  };
  const add = () => {
    const key = fieldKey();
    dispatch({ kind: 'add', field: { key } });
    setFocusKey(key);
  };
  const remove = (index: number) => {
    const field = fields[index];
    dispatch({ kind: 'remove', key: field.key });
    setAnnouncement(`${rowLabel(field, index)} removed.`);
    const next = fields[index + 1] ?? fields[index - 1];
    if (next) setFocusKey(next.key);
    else addButton.current?.focus();
  };
  const close = (opened: Opened | null, clear: () => void) => {
    clear();
    // After the dialog has gone, so the focus lands on the page again.
    requestAnimationFrame(() => opened?.opener?.isConnected && opened.opener.focus());
  };
  const pickType = (field: BuilderField, type: TypeDescription) => {
    if (type.name !== field.type)
      dispatch({
        kind: 'update',
        key: field.key,
        patch: { type: type.name, params: paramsKeptFor(type, field.params) },
      });
    close(picking, () => setPicking(null));
  };

  const pickingField = picking && fields.find((f) => f.key === picking.key);
  const formulaField = formula && fields.find((f) => f.key === formula.key);
  const names = fields.map((f) => f.name.trim()).filter(Boolean);
  return (
    <div className="field-grid">
      <div className="field-grid-head" aria-hidden="true">
        <span />
        <span>Field name</span>
        <span>Type</span>
        <span>Options</span>
        <span>Blank %, formula</span>
      </div>
      {catalogueError && (
        <p className="error" role="alert">
          The type catalogue could not be loaded: {catalogueError.message}
        </p>
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements: dragAnnouncements(fields, rowLabel),
          screenReaderInstructions: dragInstructions,
        }}
      >
        <SortableContext items={fields.map((f) => f.key)} strategy={verticalListSortingStrategy}>
          <ol className="field-rows" aria-label="Fields">
            {fields.map((field, index) => (
              <FieldRow
                key={field.key}
                field={field}
                index={index}
                count={fields.length}
                type={typesByName.get(field.type)}
                catalogueReady={types.length > 0}
                problems={problemsOf(problems, field.name, index)}
                otherNames={names.filter((n) => n !== field.name.trim())}
                focusName={focusKey === field.key}
                onFocused={() => setFocusKey(null)}
                onOpenType={(opener) => setPicking({ key: field.key, opener })}
                onOpenFormula={(target, opener) => setFormula({ key: field.key, opener, target })}
                onMove={(to) => moveTo(index, to)}
                onRemove={() => remove(index)}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      {fields.length === 0 && <p className="hint">No fields yet.</p>}
      <button type="button" ref={addButton} className="add-field" onClick={add}>
        + Add another field
      </button>
      <p className="fg-sr-only" aria-live="polite">
        {announcement}
      </p>
      {pickingField && (
        <TypePicker
          current={pickingField.type}
          fieldLabel={rowLabel(pickingField, fields.indexOf(pickingField))}
          onPick={(type) => pickType(pickingField, type)}
          onClose={() => close(picking, () => setPicking(null))}
        />
      )}
      {formula && formulaField && (
        <FormulaDialog
          fieldName={formulaField.name}
          fieldIndex={fields.indexOf(formulaField)}
          target={formula.target}
          initial={
            formula.target === 'formula' ? formulaField.formula : String(formulaField.params[formula.target] ?? '')
          }
          fieldNames={names}
          specsWith={(text) =>
            fieldSpecs(
              fields.map((f) =>
                f.key !== formulaField.key
                  ? f
                  : formula.target === 'formula'
                    ? { ...f, formula: text }
                    : { ...f, params: { ...f.params, [formula.target]: text } },
              ),
            )
          }
          onApply={(text, checked) => {
            const patch =
              formula.target === 'formula'
                ? { formula: text }
                : { params: { ...formulaField.params, [formula.target]: text } };
            dispatch({ kind: 'update', key: formulaField.key, patch });
            // The check saw the schema as it now stands: its problems are the grid's until the preview asks again.
            if (checked) setProblems(checked);
            close(formula, () => setFormula(null));
          }}
          onClose={() => close(formula, () => setFormula(null))}
        />
      )}
    </div>
  );
}
