/**
 * Sending a response's callbacks (webhooks) once its answer has gone: after each one's delay, to
 * a host the server still allows, with its body rendered from the request. Fire and forget,
 * bounded: at most MAX_PENDING callbacks wait or run on an instance (more are dropped and
 * logged), each has CALLBACK_TIMEOUT_MS to be answered, its answer is read and thrown away, and
 * redirects are not followed (a redirect could lead anywhere the operator did not allow).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { MockCallback } from '@rowloom/contract';
import { parseTemplate, renderTemplate, type TemplateRequest } from '../callback-template.js';
import { proxyHostAllowed, type ProxyHosts } from '../proxy-hosts.js';

export const MAX_PENDING = 100;
export const CALLBACK_TIMEOUT_MS = 10_000;

let pending = 0;

/** Callbacks waiting or in flight on this instance (for tests and the log). */
export const pendingCallbacks = () => pending;

async function send(callback: MockCallback, request: TemplateRequest, hosts: ProxyHosts, log: FastifyBaseLogger) {
  if (!proxyHostAllowed(new URL(callback.url), hosts)) {
    log.warn({ url: callback.url }, 'a mock callback names a host this server no longer sends to; not sent');
    return;
  }
  const template = callback.body === undefined ? [] : parseTemplate(callback.body);
  // Saved documents were checked; one that no longer parses sends no body rather than failing.
  const json = /json/i.test(callback.contentType ?? '');
  const body =
    typeof template === 'string' || callback.body === undefined ? undefined : renderTemplate(template, request, json);
  const headers: Record<string, string> = { ...(callback.headers ?? {}) };
  if (body !== undefined && callback.contentType) headers['content-type'] ??= callback.contentType;
  const response = await fetch(callback.url, {
    method: callback.method ?? 'POST',
    headers,
    body: callback.method === 'GET' ? undefined : body,
    redirect: 'manual',
    signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
  });
  await response.body?.cancel();
}

export function sendCallbacks(
  callbacks: readonly MockCallback[],
  request: TemplateRequest,
  hosts: ProxyHosts,
  log: FastifyBaseLogger,
): void {
  for (const callback of callbacks) {
    if (pending >= MAX_PENDING) {
      log.warn({ url: callback.url }, `${MAX_PENDING} mock callbacks are waiting already; this one is dropped`);
      continue;
    }
    pending++;
    setTimeout(() => {
      send(callback, request, hosts, log)
        .catch((error: unknown) => log.warn({ err: error, url: callback.url }, 'a mock callback failed'))
        .finally(() => pending--);
    }, callback.delayMs ?? 0).unref();
  }
}
