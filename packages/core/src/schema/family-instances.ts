/**
 * Which record of its family each field reads. A family record (a person, a place, a car...) is
 * shared by the fields of a row until a type repeats: a second field of a type already used in
 * the scope starts a new record of that family, and the family's fields after it (schema order)
 * read that one. So `first_name, last_name, email, mother_first, mother_last` is two people,
 * each coherent, while `city, state, postal_code` stays one place.
 */
import type { ScopePlan } from './plan.js';

export function assignFamilyInstances(scope: ScopePlan): void {
  const current = new Map<string, { instance: number; types: Set<string> }>();
  for (const field of scope.fields) {
    const family = field.type.family;
    if (family === undefined) continue;
    let record = current.get(family);
    if (!record) {
      record = { instance: 0, types: new Set() };
      current.set(family, record);
    } else if (record.types.has(field.type.name)) {
      record.instance++;
      record.types.clear();
    }
    record.types.add(field.type.name);
    field.familyInstance = record.instance;
  }
}
