/** For statistical tests: exact binomial acceptance bounds. */

/** The range [lo, hi] with P(X < lo) + P(X > hi) < alpha for X ~ Binomial(n, p). */
export function binomialBounds(n: number, p: number, alpha = 1e-6): [number, number] {
  const logPmf = (k: number) => {
    let log = k * Math.log(p) + (n - k) * Math.log(1 - p);
    for (let i = 1; i <= k; i++) log += Math.log(n - k + i) - Math.log(i);
    return log;
  };
  const pmf = Array.from({ length: n + 1 }, (_, k) => Math.exp(logPmf(k)));
  let lo = 0;
  let below = 0;
  while (below + pmf[lo] < alpha / 2) below += pmf[lo++];
  let hi = n;
  let above = 0;
  while (above + pmf[hi] < alpha / 2) above += pmf[hi--];
  return [lo, hi];
}
