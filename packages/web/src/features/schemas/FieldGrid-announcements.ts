/** What a screen reader hears while a row is dragged by keyboard: field names and positions, not internal keys. */
import type { Announcements, ScreenReaderInstructions } from '@dnd-kit/core';
import type { BuilderField } from './schema-model';

export const dragInstructions: ScreenReaderInstructions = {
  draggable:
    'To move this field, press Space, then the up and down arrows, then Space to drop it there or Escape to cancel. The Move up and Move down buttons do the same one step at a time.',
};

export function dragAnnouncements(
  fields: BuilderField[],
  label: (field: BuilderField, index: number) => string,
): Announcements {
  const describe = (id: string | number) => {
    const index = fields.findIndex((f) => f.key === id);
    return index < 0 ? { name: 'the field', position: 0 } : { name: label(fields[index], index), position: index + 1 };
  };
  const total = fields.length;
  return {
    onDragStart: ({ active }) =>
      `Picked up ${describe(active.id).name}, at position ${describe(active.id).position} of ${total}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${describe(active.id).name} is over position ${describe(over.id).position} of ${total}.`
        : `${describe(active.id).name} is no longer over the list.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${describe(active.id).name} dropped at position ${describe(over.id).position} of ${total}.`
        : `${describe(active.id).name} dropped.`,
    onDragCancel: ({ active }) =>
      `Moving cancelled; ${describe(active.id).name} is back at position ${describe(active.id).position}.`,
  };
}
