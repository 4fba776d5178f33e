/** Bare names and field('Name'): a field of the row, `this`, request_params, or a zero-argument function. */
import type { FieldReference } from '../kernel/define-type.js';
import { FUNCTIONS_BY_NAME } from './functions.js';
import { literalText } from './compile-literals.js';
import { dateReader } from './field-dates.js';
import type { CompileContext, FormulaScope, NodeOf, Thunk } from './scope.js';
import { chargeText } from './runtime.js';
import { fieldRead } from './field-slots.js';
import { newLocalSlot, readLocal } from './compile-locals.js';
import { copyForStores } from './store-values.js';

/** What request_params and request_entity read outside a mock endpoint (and entity for a body that is no JSON object). */
const EMPTY_REQUEST: Readonly<Record<string, never>> = Object.freeze({});

/**
 * request_params / request_entity: the mock request's parameters (text) and JSON body (spec
 * 2.4), fixed for the whole generation, so the value is read once when the formula compiles.
 * A field of the same name wins, as it always has.
 */
function requestValue(name: string, scope: FormulaScope): Thunk | null {
  if (name === 'request_params') {
    const params = scope.request?.params ?? EMPTY_REQUEST;
    return () => params;
  }
  if (name === 'request_entity') {
    const entity = scope.request?.entity ?? EMPTY_REQUEST;
    return () => entity;
  }
  return null;
}

/** A field's value; a Date, Datetime or Time field's value is read as a date (field-dates.ts). */
export function readField(reference: FieldReference, scope: FormulaScope): Thunk {
  if (reference.date === undefined) {
    const slot = reference.slot;
    return slot === undefined
      ? (frame) => reference.read(frame.row)
      : fieldRead((frame) => frame.row.values[slot], slot);
  }
  const asDate = dateReader(reference.date, scope.startedAtMs);
  return (frame) => asDate(reference.read(frame.row));
}

/** `this`: the field's own generated value, a date when the field is a date type. */
function readThis(scope: FormulaScope): Thunk {
  if (scope.selfDate === undefined) return (frame) => frame.self;
  const asDate = dateReader(scope.selfDate, scope.startedAtMs);
  return (frame) => asDate(frame.self);
}

/**
 * A read of a value the formula does not own. When the formula stores into hashes or lists it
 * reads a copy (store-values.ts), one per evaluation kept in a hidden local, so `R.each { |r|
 * r['x'] = 1 }` then `R` sees the change, as in Ruby.
 */
function shared(read: Thunk, name: string, context: CompileContext): Thunk {
  const copies = context.readCopies;
  if (!copies) return read;
  let slot = copies.get(name);
  if (slot === undefined) {
    slot = newLocalSlot(context);
    copies.set(name, slot);
  }
  const at = slot;
  return (frame) => (frame.locals![at] ??= copyForStores(read(frame)));
}

export function compileName(node: NodeOf<'name'>, context: CompileContext): Thunk {
  const { name, position } = node;
  const { scope } = context;
  const local = readLocal(name, context);
  if (local) return local;
  if (name === 'this')
    return scope.hasThis
      ? shared(readThis(scope), 'this', context)
      : context.fail("'this' is the field's own value and exists only in a field's formula property", position);
  const reference = scope.field(name);
  if (reference) return shared(readField(reference, scope), `field ${name}`, context);
  const request = requestValue(name, scope);
  if (request) return shared(request, name, context);
  const fn = FUNCTIONS_BY_NAME.get(name);
  if (fn && fn.minArgs === 0) return (frame) => chargeText(fn.call([], frame.environment));
  return context.fail(`unknown name '${name}'${context.suggestName(name)}`, position);
}

/**
 * `parent.created_at`, `customers.email`: in a table of a project, a column of the row a link
 * refers to (kernel/define-type.ts, TableRelations.related). Null when the receiver is not such
 * a link (a local, a field or a method call on some other value), so the call compiles as usual.
 */
export function compileRelatedRead(node: NodeOf<'method'>, context: CompileContext): Thunk | null {
  const { receiver, name: column } = node;
  const { scope } = context;
  if (!scope.related || receiver.kind !== 'name' || node.args.length > 0 || node.block) return null;
  const linkName = receiver.name;
  if (readLocal(linkName, context) || scope.field(linkName)) return null;
  const reference = scope.related(linkName, column);
  if (reference === undefined) return null;
  if (typeof reference === 'string') return context.fail(reference, node.namePosition);
  return shared(readField(reference, scope), `related ${linkName}.${column}`, context);
}

/** field('First Name'): for names a bare identifier cannot spell. */
export function compileFieldCall(node: NodeOf<'call'>, context: CompileContext): Thunk {
  const { args, position } = node;
  const fieldName = literalText(args[0]);
  if (args.length !== 1 || fieldName === null)
    return context.fail("field(...) takes one field name in quotes, e.g. field('First Name')", position);
  const reference = context.scope.field(fieldName);
  if (reference) return shared(readField(reference, context.scope), `field ${fieldName}`, context);
  const { warn } = context.scope;
  if (!warn) return context.fail(`unknown field '${fieldName}'${context.suggestName(fieldName)}`, args[0].position);
  // Mockaroo reads a field that is not there as nil; schemas written for it rely on that.
  warn(
    `field('${fieldName}') names no field of this schema, so it reads as nil${context.suggestName(fieldName)} (at ${args[0].position.line}:${args[0].position.column})`,
  );
  return () => null;
}
