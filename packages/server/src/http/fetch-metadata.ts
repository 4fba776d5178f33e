/**
 * Fetch Metadata resource isolation: browsers say in Sec-Fetch-Site which site made a request.
 * The session cookie only stands for the user on requests the page itself made (`same-origin`)
 * or the user typed or bookmarked (`none`). `cross-site` and `same-site` (another port on the
 * host, a mock API's own host under ROWLOOM_MOCK_HOST_SUFFIX) are another page riding the
 * browser's cookie: a `<script src>`, `<img>`, link or form. SameSite=Lax stops the cross-site
 * sub-requests but not the same-site ones, hence this second check. A request without the
 * header comes from a program or an old browser and passes (the CSRF token still guards writes).
 */
import type { FastifyRequest } from 'fastify';

const FOREIGN = new Set(['cross-site', 'same-site']);

/** The Sec-Fetch-Site value when another site's page made the request, else null. */
export function foreignSite(request: FastifyRequest): string | null {
  const header = request.headers['sec-fetch-site'];
  const site = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase();
  return site !== undefined && FOREIGN.has(site) ? site : null;
}
