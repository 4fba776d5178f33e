/**
 * Builds the output shape from the planned scopes: dotted names become nested objects, JSON
 * Array / Repeating Element fields become item lists, hidden (`__`) fields are left out.
 */
import type { FieldPlan, ScopePlan } from './plan.js';
import type { OutputKind } from '../kernel/define-type.js';
import type { ObjectNode, RecordShape, ShapeNode } from '../kernel/shape.js';

/** A formula can turn any type's value into text, so its field is text to the writers (SQL column types). */
function outputKind(field: FieldPlan): OutputKind {
  if (field.formula) return 'string';
  return field.type.outputOf?.(field.params) ?? field.type.output;
}

type Conflict = (field: string, message: string) => void;

function buildNodes(scope: ScopePlan, conflict: Conflict): ShapeNode[] {
  const top: ShapeNode[] = [];
  for (const field of scope.fields) {
    if (field.parsed.hidden) continue;
    const segments = field.relativeSegments;
    let siblings = top;
    let broken = false;
    for (let i = 0; i < segments.length - 1 && !broken; i++) {
      const existing = siblings.find((n) => n.key === segments[i]);
      if (!existing) {
        const object: ObjectNode = { kind: 'object', key: segments[i], children: [], xml: 'element' };
        siblings.push(object);
        siblings = object.children;
      } else if (existing.kind === 'object') {
        siblings = existing.children;
      } else {
        conflict(
          field.name,
          `"${segments.slice(0, i + 1).join('.')}" is already a value, so it cannot also hold "${segments[i + 1]}"`,
        );
        broken = true;
      }
    }
    if (broken) continue;
    const key = segments[segments.length - 1];
    const clash = siblings.find((n) => n.key === key);
    if (clash) {
      conflict(
        field.name,
        clash.kind === 'object'
          ? `"${field.name}" is already an object of other fields`
          : `another field writes the same key "${key}"`,
      );
      continue;
    }
    if (field.childScope) {
      siblings.push({
        kind: 'items',
        key,
        slot: field.slot,
        children: buildNodes(field.childScope, conflict),
        xml: 'element',
      });
    } else {
      siblings.push({
        kind: 'field',
        key,
        slot: field.slot,
        output: outputKind(field),
        xml: field.parsed.xml,
        repeated: field.parsed.repeat !== null,
        characters: field.characters,
      });
    }
  }
  return top;
}

export function buildShape(root: ScopePlan, conflict: Conflict): RecordShape {
  return { nodes: buildNodes(root, conflict) };
}
