/**
 * The query and path parameters the routes share, and the field list a generate request sends.
 * Query values are text on the wire; where a schema says integer the server reads the text as one.
 */
import Type, { type Static } from 'typebox';
import { Field } from './schemas.js';

/** `?key=`: the API key, on every route that needs a caller. */
export const KeyQuery = Type.Object({
  key: Type.Optional(Type.String({ description: 'API key (or send the X-API-Key header)' })),
});
export type KeyQuery = Static<typeof KeyQuery>;

/** The path parameter of a route named by the rest of its path (`/api/schemas/*`): a name, URL-encoded. */
export function RestOfPathName(what: string) {
  return Type.Object({
    '*': Type.Optional(Type.String({ description: `The ${what} name, URL-encoded (may contain spaces)` })),
  });
}

/** `/api/downloads/:id`. */
export const DownloadIdParams = Type.Object({ id: Type.String({ description: "The download's id" }) });
export type DownloadIdParams = Static<typeof DownloadIdParams>;

/** `?limit=` of a list, newest first. */
export function ListLimitQuery(max: number) {
  return Type.Object({
    ...KeyQuery.properties,
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: max, description: `How many, newest first (default 50, at most ${max})` }),
    ),
  });
}

/** The fields of a generate request, a background job or a saved schema (as a bare array). */
export const FieldList = Type.Array(Field, { description: 'Field specifications: {name, type, ...parameters}' });
export type FieldList = Static<typeof FieldList>;
