import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { generateObjects } from '../engine/sample.js';
import { MOVIE_GENRES } from '../testing/movie-genres.js';

interface MovieRecord {
  title: string;
  genres: string;
}

const MOVIES = JSON.parse(readFileSync(new URL('../../data/movies.json', import.meta.url), 'utf8')) as MovieRecord[];
const SCHEMA = [
  { name: 'genres', type: 'Movie Genres' },
  { name: 'title', type: 'Movie Title' },
];

describe('movie family', () => {
  const rows = generateObjects(SCHEMA, { count: 1000, seed: 'movies' }) as unknown as MovieRecord[];

  test("a row's genres are its title's genres in movies.json", () => {
    const genresOf = new Map(MOVIES.map((m) => [m.title, m.genres]));
    for (const row of rows) assert.equal(row.genres, genresOf.get(row.title), row.title);
  });

  test('titles carry a year; genres are known labels joined by |', () => {
    for (const row of rows) {
      assert.match(row.title, /\S \((19|20)\d\d\)$/);
      for (const genre of row.genres.split('|')) assert.ok(MOVIE_GENRES.has(genre), `${genre} in ${row.title}`);
    }
  });

  test('values vary; the same seed gives the same rows', () => {
    assert.ok(new Set(rows.map((r) => r.title)).size > 500);
    assert.ok(new Set(rows.map((r) => r.genres)).size > 50);
    assert.deepEqual(generateObjects(SCHEMA, { count: 1000, seed: 'movies' }), rows);
    assert.notDeepEqual(generateObjects(SCHEMA, { count: 1000, seed: 'other' }), rows);
  });
});
