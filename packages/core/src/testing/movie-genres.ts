/**
 * The genre vocabulary of movies.json. Rowloom tags every film itself with these labels (see
 * NOTICE); MovieLens' tag set, and its IMAX tag in particular, is not ours to ship.
 */
export const MOVIE_GENRES: ReadonlySet<string> = new Set([
  'Action',
  'Adventure',
  'Animation',
  'Comedy',
  'Crime',
  'Documentary',
  'Drama',
  'Family',
  'Fantasy',
  'Horror',
  'Musical',
  'Mystery',
  'Romance',
  'Sci-Fi',
  'Thriller',
  'War',
  'Western',
]);
