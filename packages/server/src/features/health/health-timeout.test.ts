/**
 * A PostgreSQL address that accepts connections and then says nothing (a hung server, a black
 * hole behind a proxy): /health must answer 503 within its timeout rather than hang with it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Socket } from 'node:net';
import Fastify from 'fastify';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Tables } from '../../db/tables.js';
import { HEALTH_TIMEOUT_MS, healthFeature } from './health-route.js';

test('GET /health answers 503 in bounded time when the database never answers', async () => {
  const sockets: Socket[] = [];
  const silent = createServer((socket) => sockets.push(socket)); // accepts, never replies
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const port = (silent.address() as { port: number }).port;
  const db = new Kysely<Tables>({
    dialect: new PostgresDialect({
      pool: new pg.Pool({ connectionString: `postgres://x@127.0.0.1:${port}/x`, connectionTimeoutMillis: 60_000 }),
    }),
  });
  const app = Fastify();
  await app.register(healthFeature, {
    db,
    queueHealth: async () => ({ kind: 'in-process', reachable: true, workers: 1 }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const started = Date.now();
    const response = await fetch(`http://127.0.0.1:${(app.server.address() as { port: number }).port}/health`);
    const elapsed = Date.now() - started;
    assert.equal(response.status, 503);
    const body = (await response.json()) as { status: string; error: string };
    assert.equal(body.status, 'unavailable');
    assert.match(body.error, /no answer within/);
    assert.ok(elapsed < HEALTH_TIMEOUT_MS + 5000, `answered after ${elapsed} ms`);
  } finally {
    await app.close();
    for (const socket of sockets) socket.destroy();
    silent.close();
    void db.destroy().catch(() => {});
  }
});
