import { describe, expect, it } from 'vitest';
import { newRoute } from './mock-model';

describe('a new route', () => {
  it('is a collection, GET /items, answering a list of items', () => {
    const route = newRoute([]);
    expect(route.method).toBe('GET');
    expect(route.path).toBe('/items');
    expect(route.responses).toHaveLength(1);
    const body = route.responses[0].body;
    expect(body.type).toBe('json');
    expect(Array.isArray(body.type === 'json' ? body.value : null)).toBe(true);
  });

  it('takes the next free path, and its list is its own copy', () => {
    const first = newRoute([]);
    const second = newRoute([first]);
    expect(second.path).toBe('/items2');
    const a = first.responses[0].body;
    const b = second.responses[0].body;
    if (a.type !== 'json' || b.type !== 'json') throw new Error('json bodies expected');
    (a.value as { name: string }[])[0].name = 'changed';
    expect((b.value as { name: string }[])[0].name).toBe('First item');
  });
});
