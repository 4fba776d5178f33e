/**
 * The movie family: Movie Title and Movie Genres of one row describe one film from movies.json
 * (curated from public facts; titles carry the release year, genres are pipe-joined labels).
 */
import { readDataFile } from '../data/data-files.js';
import type { TypeDefinition } from '../kernel/define-type.js';
import { recordFamily, recordField } from './record-family.js';

interface MovieRecord {
  title: string;
  /** Pipe-joined genre labels, e.g. "Comedy|Drama". */
  genres: string;
}

const movies = recordFamily('movie', () => readDataFile<MovieRecord[]>('movies.json'));

export const movieTypes: TypeDefinition[] = [
  recordField(movies, {
    name: 'Movie Title',
    category: 'Products',
    description: 'The title of a film with its release year, such as The Kid (1921).',
    read: (movie) => movie.title,
  }),
  recordField(movies, {
    name: 'Movie Genres',
    category: 'Products',
    description: "The genres of the row's film, joined by |, such as Comedy|Drama.",
    read: (movie) => movie.genres,
  }),
];
