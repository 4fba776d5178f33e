import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { en } from '@faker-js/faker';
import { generateObjects } from '../engine/sample.js';
import { SchemaError } from '../schema/errors.js';

function values(
  type: string,
  params: Record<string, unknown> = {},
  count = 300,
  seed: string | number = 'text',
): string[] {
  return generateObjects([{ name: 't', type, ...params }], { count, seed }).map((row) => row.t as string);
}

const LOREM = new Set((en.lorem?.word ?? []).map((w) => w.toLowerCase()));

const NATO = [
  'Alfa',
  'Bravo',
  'Charlie',
  'Delta',
  'Echo',
  'Foxtrot',
  'Golf',
  'Hotel',
  'India',
  'Juliett',
  'Kilo',
  'Lima',
  'Mike',
  'November',
  'Oscar',
  'Papa',
  'Quebec',
  'Romeo',
  'Sierra',
  'Tango',
  'Uniform',
  'Victor',
  'Whiskey',
  'X-ray',
  'Yankee',
  'Zulu',
];

function assertProblem(field: Record<string, unknown>, param: string): void {
  try {
    generateObjects([field], { count: 1, seed: 1 });
  } catch (error) {
    assert.ok(error instanceof SchemaError, `expected a SchemaError, got ${String(error)}`);
    assert.ok(
      error.problems.some((p) => p.field === field.name && p.param === param),
      `expected a problem with ${param}: ${JSON.stringify(error.problems)}`,
    );
    return;
  }
  assert.fail(`expected ${JSON.stringify(field)} to be rejected`);
}

/** Splits sentences: each ends with a period and the next starts after one space. */
function splitSentences(text: string): string[] {
  assert.match(text, /\.$/);
  return text.slice(0, -1).split('. ');
}

function assertSentence(sentence: string): void {
  const words = sentence.split(' ');
  assert.ok(words.length >= 4 && words.length <= 16, `sentence of ${words.length} words: ${sentence}`);
  assert.match(words[0], /^[A-Z][a-z]*$/);
  assert.ok(LOREM.has(words[0].toLowerCase()), words[0]);
  for (const word of words.slice(1)) assert.ok(LOREM.has(word), `"${word}" is not a lorem word`);
}

describe('Words', () => {
  test('defaults: 10 to 20 lowercase lorem words, both ends reachable', () => {
    const lengths = new Set<number>();
    for (const text of values('Words', {}, 2000)) {
      const words = text.split(' ');
      lengths.add(words.length);
      for (const word of words) assert.ok(LOREM.has(word) && word === word.toLowerCase(), `"${word}"`);
    }
    assert.deepEqual(
      [...lengths].sort((a, b) => a - b),
      [10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
    );
  });

  test('min = max = 0 gives empty text; 1 gives one word', () => {
    assert.deepEqual(new Set(values('Words', { min: 0, max: 0 }, 20)), new Set(['']));
    for (const text of values('Words', { min: 1, max: 1 }, 50)) assert.match(text, /^[a-z]+$/);
  });

  test('same seed, same values; different seed, different values', () => {
    assert.deepEqual(values('Words', {}, 50, 1), values('Words', {}, 50, 1));
    assert.notDeepEqual(values('Words', {}, 50, 1), values('Words', {}, 50, 2));
  });
});

describe('Sentences', () => {
  test('defaults: 1 to 10 capitalised sentences ending with a period', () => {
    const counts = new Set<number>();
    for (const text of values('Sentences', {}, 1000)) {
      const sentences = splitSentences(text);
      counts.add(sentences.length);
      sentences.forEach(assertSentence);
    }
    assert.deepEqual(
      [...counts].sort((a, b) => a - b),
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    );
  });

  test('exact counts and empty text', () => {
    for (const text of values('Sentences', { min: 3, max: 3 }, 100)) assert.equal(splitSentences(text).length, 3);
    assert.deepEqual(new Set(values('Sentences', { min: 0, max: 0 }, 10)), new Set(['']));
  });

  test('same seed, same values; different seed, different values', () => {
    assert.deepEqual(values('Sentences', {}, 50, 1), values('Sentences', {}, 50, 1));
    assert.notDeepEqual(values('Sentences', {}, 50, 1), values('Sentences', {}, 50, 2));
  });
});

describe('Paragraphs', () => {
  test('defaults: 1 to 3 paragraphs of 3 to 7 sentences, separated by a blank line', () => {
    const counts = new Set<number>();
    for (const text of values('Paragraphs', {}, 500)) {
      const paragraphs = text.split('\n\n');
      counts.add(paragraphs.length);
      for (const paragraph of paragraphs) {
        assert.ok(!paragraph.includes('\n'));
        const sentences = splitSentences(paragraph);
        assert.ok(sentences.length >= 3 && sentences.length <= 7, `${sentences.length} sentences`);
        sentences.forEach(assertSentence);
      }
    }
    assert.deepEqual([...counts].sort(), [1, 2, 3]);
  });

  test('same seed, same values; different seed, different values', () => {
    assert.deepEqual(values('Paragraphs', {}, 20, 1), values('Paragraphs', {}, 20, 1));
    assert.notDeepEqual(values('Paragraphs', {}, 20, 1), values('Paragraphs', {}, 20, 2));
  });
});

describe('Nato Phonetic', () => {
  test('defaults: 10 to 20 ICAO code words, every one of them used', () => {
    const seen = new Set<string>();
    const lengths = new Set<number>();
    for (const text of values('Nato Phonetic', {}, 1000)) {
      const words = text.split(' ');
      lengths.add(words.length);
      for (const word of words) {
        assert.ok(NATO.includes(word), `"${word}"`);
        seen.add(word);
      }
    }
    assert.equal(seen.size, 26);
    assert.deepEqual(
      [...lengths].sort((a, b) => a - b),
      [10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
    );
  });

  test('same seed, same values; different seed, different values', () => {
    assert.deepEqual(values('Nato Phonetic', {}, 50, 1), values('Nato Phonetic', {}, 50, 1));
    assert.notDeepEqual(values('Nato Phonetic', {}, 50, 1), values('Nato Phonetic', {}, 50, 2));
  });
});

describe('text parameters', () => {
  test('min > max and out-of-range counts name the field and parameter', () => {
    for (const type of ['Words', 'Sentences', 'Paragraphs', 'Nato Phonetic']) {
      assertProblem({ name: 'body', type, min: 5, max: 2 }, 'max');
      assertProblem({ name: 'body', type, min: -1 }, 'min');
      assertProblem({ name: 'body', type, max: 100000 }, 'max');
      assertProblem({ name: 'body', type, min: 1.5 }, 'min');
    }
  });
});
