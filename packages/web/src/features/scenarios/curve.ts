/**
 * The curve as drawn in the editor: the same interpolation as the engine's
 * (packages/core/src/scenarios/interpolate.ts: linear, step, Fritsch–Carlson monotone cubic),
 * restated here because the page does not bundle the engine. The drawing only guides the
 * user; the "Preview" button shows values the server actually generates.
 */
export type Interpolation = 'linear' | 'step' | 'smooth';

export const INTERPOLATIONS: { value: Interpolation; label: string }[] = [
  { value: 'linear', label: 'Linear (straight lines)' },
  { value: 'step', label: 'Step (hold until the next point)' },
  { value: 'smooth', label: 'Smooth (monotone curve, no overshoot)' },
];

export interface Point {
  x: number;
  y: number;
}

export function sortedPoints(points: readonly Point[]): Point[] {
  return [...points].sort((a, b) => a.x - b.x);
}

function tangentsOf(xs: number[], ys: number[]): number[] {
  const n = xs.length;
  const secants = xs.slice(0, -1).map((x, i) => (ys[i + 1] - ys[i]) / (xs[i + 1] - x));
  const tangents = new Array<number>(n);
  tangents[0] = secants[0];
  tangents[n - 1] = secants[n - 2];
  for (let i = 1; i < n - 1; i++) tangents[i] = secants[i - 1] * secants[i] <= 0 ? 0 : (secants[i - 1] + secants[i]) / 2;
  for (let i = 0; i < n - 1; i++) {
    if (secants[i] === 0) {
      tangents[i] = 0;
      tangents[i + 1] = 0;
      continue;
    }
    const alpha = tangents[i] / secants[i];
    const beta = tangents[i + 1] / secants[i];
    const radius = alpha * alpha + beta * beta;
    if (radius > 9) {
      const tau = 3 / Math.sqrt(radius);
      tangents[i] = tau * alpha * secants[i];
      tangents[i + 1] = tau * beta * secants[i];
    }
  }
  return tangents;
}

/** y at x for points sorted by x with distinct x; outside their range the nearest y holds. */
export function curveOf(points: readonly Point[], interpolation: Interpolation): (x: number) => number {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const last = xs.length - 1;
  if (last < 0) return () => 0;
  const tangents = interpolation === 'smooth' && last > 0 ? tangentsOf(xs, ys) : [];
  return (x) => {
    if (x <= xs[0]) return ys[0];
    if (x >= xs[last]) return ys[last];
    let i = 0;
    while (i < last - 1 && xs[i + 1] <= x) i++;
    if (interpolation === 'step') return ys[i];
    const h = xs[i + 1] - xs[i];
    const t = (x - xs[i]) / h;
    if (interpolation === 'linear') return ys[i] + t * (ys[i + 1] - ys[i]);
    const t2 = t * t;
    const t3 = t2 * t;
    const value = (2 * t3 - 3 * t2 + 1) * ys[i] + (t3 - 2 * t2 + t) * h * tangents[i] + (-2 * t3 + 3 * t2) * ys[i + 1] + (t3 - t2) * h * tangents[i + 1];
    if (Number.isNaN(value)) return ys[i] + t * (ys[i + 1] - ys[i]);
    return Math.min(Math.max(value, Math.min(ys[i], ys[i + 1])), Math.max(ys[i], ys[i + 1]));
  };
}

/** A y range that shows every point (and the noise band), with some air above and below. */
export function yDomain(points: readonly Point[], noise: number, extra: readonly number[] = []): [number, number] {
  const values = [...points.map((p) => p.y), ...extra];
  if (values.length === 0) return [0, 1];
  let low = Math.min(...values) - noise * 2;
  let high = Math.max(...values) + noise * 2;
  if (high - low < 1e-9) {
    low -= 1;
    high += 1;
  }
  const pad = (high - low) * 0.08;
  return [low - pad, high + pad];
}

/** A round number near the value for the y axis labels. */
export function niceTicks(low: number, high: number, count = 5): number[] {
  const span = high - low;
  const step0 = span / count;
  const magnitude = 10 ** Math.floor(Math.log10(step0));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= step0) ?? step0;
  const ticks: number[] = [];
  for (let v = Math.ceil(low / step) * step; v <= high + step * 1e-9 && ticks.length < 20; v += step) ticks.push(Number(v.toPrecision(12)));
  return ticks;
}
