/**
 * A scenario's curve as a function of x in [0, 1]. Outside the points' range the curve holds
 * the nearest point's y. Evaluation is a binary search and a few multiplications: no state, so
 * any row can be computed on its own.
 *
 * - linear: straight lines between the points.
 * - step: each point's y holds until the next point (a staircase).
 * - smooth: monotone cubic Hermite interpolation with Fritsch–Carlson tangents (F. N. Fritsch and
 *   R. E. Carlson, "Monotone Piecewise Cubic Interpolation", SIAM J. Numer. Anal. 17, 1980). The
 *   curve passes through every point and never overshoots: between two points it stays between
 *   their y values, so a curve of positive values never dips below zero.
 */
import type { Interpolation, ScenarioPoint } from './scenario.js';

export type Curve = (x: number) => number;

export function curveOf(points: readonly ScenarioPoint[], interpolation: Interpolation): Curve {
  const xs = Float64Array.from(points, (p) => p.x);
  const ys = Float64Array.from(points, (p) => p.y);
  const last = xs.length - 1;
  const segment = (x: number): number => {
    // The i with xs[i] <= x < xs[i + 1]; callers handle x outside [xs[0], xs[last]).
    let low = 0;
    let high = last;
    while (high - low > 1) {
      const middle = (low + high) >>> 1;
      if (xs[middle] <= x) low = middle;
      else high = middle;
    }
    return low;
  };
  const inner =
    interpolation === 'step'
      ? stepCurve(ys, segment)
      : interpolation === 'smooth'
        ? smoothCurve(xs, ys, segment)
        : linearCurve(xs, ys, segment);
  return (x) => (x <= xs[0] ? ys[0] : x >= xs[last] ? ys[last] : inner(x));
}

function stepCurve(ys: Float64Array, segment: (x: number) => number): Curve {
  return (x) => ys[segment(x)];
}

function linearCurve(xs: Float64Array, ys: Float64Array, segment: (x: number) => number): Curve {
  return (x) => {
    const i = segment(x);
    const t = (x - xs[i]) / (xs[i + 1] - xs[i]);
    return ys[i] + t * (ys[i + 1] - ys[i]);
  };
}

function smoothCurve(xs: Float64Array, ys: Float64Array, segment: (x: number) => number): Curve {
  const tangents = fritschCarlsonTangents(xs, ys);
  return (x) => {
    const i = segment(x);
    const h = xs[i + 1] - xs[i];
    const t = (x - xs[i]) / h;
    const t2 = t * t;
    const t3 = t2 * t;
    // Cubic Hermite basis functions.
    const h00 = 2 * t3 - 3 * t2 + 1;
    const h10 = t3 - 2 * t2 + t;
    const h01 = -2 * t3 + 3 * t2;
    const h11 = t3 - t2;
    const value = h00 * ys[i] + h10 * h * tangents[i] + h01 * ys[i + 1] + h11 * h * tangents[i + 1];
    // Points a hair apart make huge tangents whose products can overflow: a straight line then.
    if (Number.isNaN(value)) return ys[i] + t * (ys[i + 1] - ys[i]);
    // Rounding may step a hair outside the segment's range; the method promises it never does.
    const low = Math.min(ys[i], ys[i + 1]);
    const high = Math.max(ys[i], ys[i + 1]);
    return value < low ? low : value > high ? high : value;
  };
}

/** Tangents that keep every segment monotone (Fritsch–Carlson, with the circle of radius 3). */
export function fritschCarlsonTangents(xs: ArrayLike<number>, ys: ArrayLike<number>): Float64Array {
  const n = xs.length;
  const secants = new Float64Array(n - 1);
  for (let i = 0; i < n - 1; i++) secants[i] = (ys[i + 1] - ys[i]) / (xs[i + 1] - xs[i]);
  const tangents = new Float64Array(n);
  tangents[0] = secants[0];
  tangents[n - 1] = secants[n - 2];
  for (let i = 1; i < n - 1; i++) {
    // A local peak or valley (or a flat side) gets a flat tangent: no overshoot past the point.
    tangents[i] = secants[i - 1] * secants[i] <= 0 ? 0 : (secants[i - 1] + secants[i]) / 2;
  }
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
