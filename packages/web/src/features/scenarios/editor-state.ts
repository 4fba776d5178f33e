/**
 * The scenario being edited: points with stable ids (so a dragged point stays the same React
 * element while it moves), always sorted by x, and the draft compared against what was loaded.
 */
import { sortedPoints, type Interpolation, type Point } from './curve';
import type { NamedScenario, ScenarioDocument } from './scenarios-api';

export interface EditorPoint extends Point {
  id: number;
}

export interface EditorState {
  /** The name it was loaded or last saved under; null for a new scenario. */
  savedName: string | null;
  name: string;
  points: EditorPoint[];
  interpolation: Interpolation;
  noise: number;
  project: string;
}

let nextId = 1;

export function withIds(points: readonly Point[]): EditorPoint[] {
  return sortedPoints(points).map((p) => ({ x: p.x, y: p.y, id: nextId++ }));
}

export function newScenario(): EditorState {
  return {
    savedName: null,
    name: '',
    points: withIds([
      { x: 0, y: 10 },
      { x: 0.5, y: 60 },
      { x: 1, y: 30 },
    ]),
    interpolation: 'smooth',
    noise: 0,
    project: '',
  };
}

export function fromDocument(document: ScenarioDocument): EditorState {
  return {
    savedName: document.name,
    name: document.name,
    points: withIds(document.points),
    interpolation: document.interpolation,
    noise: document.noise,
    project: document.project ?? '',
  };
}

export function toDocument(state: EditorState): NamedScenario {
  return {
    name: state.name.trim(),
    points: state.points.map(({ x, y }) => ({ x, y })),
    interpolation: state.interpolation,
    noise: state.noise,
    project: state.project || undefined,
  };
}

export function addPoint(points: EditorPoint[], x: number, y: number): { points: EditorPoint[]; id: number } {
  // Two points at one x are refused by the server: nudge the new one aside.
  let at = x;
  while (points.some((p) => Math.abs(p.x - at) < 0.0005)) at = at >= 0.999 ? at - 0.001 : at + 0.001;
  const id = nextId++;
  return { points: sortedPoints([...points, { x: Number(at.toFixed(4)), y, id }]) as EditorPoint[], id };
}

export function movePoint(points: EditorPoint[], id: number, x: number, y: number): EditorPoint[] {
  return sortedPoints(points.map((p) => (p.id === id ? { ...p, x, y } : p))) as EditorPoint[];
}

export function removePoint(points: EditorPoint[], id: number): EditorPoint[] {
  return points.filter((p) => p.id !== id);
}

export function sameScenario(a: EditorState, b: EditorState): boolean {
  return JSON.stringify(toDocument(a)) === JSON.stringify(toDocument(b));
}
