/**
 * Which back ends a mock API may send requests to (its `proxy`): a shared server reaches hosts
 * on its own network, so it proxies only to the hosts its operator lists in
 * ROWLOOM_MOCK_PROXY_HOSTS (none by default); `rowloom mock serve` runs on the user's own
 * machine for the user, and allows any. An entry is a host name or address (`api.example.com`,
 * `127.0.0.1`), or `.example.com` for every name under it; `*` allows any host.
 */
export type ProxyHosts = readonly string[] | '*';

/** Parses the setting; a malformed entry is named in the thrown message. */
export function proxyHostsFrom(value: string | undefined): ProxyHosts {
  const text = (value ?? '').trim();
  if (text === '*') return '*';
  if (text === '') return [];
  return text.split(',').map((entry) => {
    const host = entry.trim().toLowerCase();
    if (!/^\.?[a-z0-9]([a-z0-9.-]*[a-z0-9])?$|^\[[0-9a-f:.]+\]$/.test(host))
      throw new Error(`"${entry.trim()}" is not a host name, an address or .domain`);
    return host;
  });
}

/** Whether `url`'s host is one the operator allows. */
export function proxyHostAllowed(url: URL, allowed: ProxyHosts): boolean {
  if (allowed === '*') return true;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  return allowed.some((entry) => (entry.startsWith('.') ? host.endsWith(entry) : host === entry));
}
