/**
 * The curve as drawn in the editor: the engine's own interpolation (linear, step,
 * Fritsch–Carlson monotone cubic), imported from core's dependency-free module, so the drawing
 * is the curve the server generates from. The "Preview" button adds the server's noise.
 */
import { curveOf as engineCurve } from '@rowloom/core/interpolate';
import type { Interpolation, ScenarioPoint } from '@rowloom/contract';

export type { Interpolation };

export const INTERPOLATIONS: { value: Interpolation; label: string }[] = [
  { value: 'linear', label: 'Linear (straight lines)' },
  { value: 'step', label: 'Step (hold until the next point)' },
  { value: 'smooth', label: 'Smooth (monotone curve, no overshoot)' },
];

export type Point = ScenarioPoint;

export function sortedPoints(points: readonly Point[]): Point[] {
  return [...points].sort((a, b) => a.x - b.x);
}

/**
 * y at x for points sorted by x. While the user edits, the points may be none, or two may share
 * an x (the server refuses that on save): the drawing then holds a flat line instead of NaN.
 */
export function curveOf(points: readonly Point[], interpolation: Interpolation): (x: number) => number {
  if (points.length === 0) return () => 0;
  const curve = engineCurve(points, interpolation);
  return (x) => {
    const y = curve(x);
    return Number.isFinite(y) ? y : points[0].y;
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
  for (let v = Math.ceil(low / step) * step; v <= high + step * 1e-9 && ticks.length < 20; v += step)
    ticks.push(Number(v.toPrecision(12)));
  return ticks;
}
