/**
 * Who a generate request is for, and what the session cookie may ask of it (a key may ask
 * anything). Any page can read a JSONP answer, so JSONP never answers to the cookie. A GET or
 * HEAD is what a link, an image or a script tag on another page can make the browser send, so
 * with the cookie it has no side effects: an uncharged preview (at most 100 rows) only, never a
 * charged request (it would spend the user's plan) nor a background job.
 */
import type { FastifyRequest } from 'fastify';
import { userOf } from '../../http/auth-hook.js';
import { isSafeMethod } from '../../http/authenticate.js';
import { HttpError } from '../../http/http-error.js';
import { queryBoolean, queryText, type Query } from '../../http/query.js';
import type { User } from '../../users/users-store.js';
import { PREVIEW_MAX_ROWS } from './preview.js';

export const JSONP_NEEDS_KEY =
  'JSONP (parameter "callback") needs your API key in ?key=: any page can read a JSONP answer, so the session cookie is never accepted for it';
export const BACKGROUND_NEEDS_POST =
  'a GET with the session cookie cannot start a background job (a link on another page could start one in your name): POST /api/downloads with the X-CSRF-Token header, or send your API key (?key= or X-API-Key)';
export const CHARGED_GET_NEEDS_POST =
  `a GET with the session cookie only serves uncharged previews (preview=true, at most ${PREVIEW_MAX_ROWS} rows), so that a link on another page cannot spend your plan: ` +
  'POST /api/generate with the X-CSRF-Token header, add preview=true, or send your API key (?key= or X-API-Key)';

/** The caller the authentication hook found, refused where the cookie may not ask this of generate. */
export function generateCaller(request: FastifyRequest): User {
  const user = userOf(request);
  if (!request.session) return user;
  const query = request.query as Query;
  if (queryText(query, 'callback')) throw new HttpError(403, JSONP_NEEDS_KEY);
  if (!isSafeMethod(request.method)) return user;
  if (queryBoolean(query, ['background'], false)) throw new HttpError(403, BACKGROUND_NEEDS_POST);
  if (!queryBoolean(query, ['preview'], false)) throw new HttpError(403, CHARGED_GET_NEEDS_POST);
  return user;
}
