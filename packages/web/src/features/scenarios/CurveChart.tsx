/**
 * The curve in SVG over the row range (x: 0 = first row, 1 = last row). Click the empty plot to
 * add a point, drag a point with mouse, pen or finger, or focus one and use the arrow keys
 * (Shift for bigger steps) and Delete. The table beside it edits the same points by number.
 */
import { useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { curveOf, niceTicks, yDomain, type Interpolation } from './curve';
import type { EditorPoint } from './editor-state';

const WIDTH = 640;
const HEIGHT = 300;
const PAD = { left: 56, right: 16, top: 14, bottom: 34 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;
const SAMPLES = 240;
/** Two points never share an x (the server refuses it): dragging stops this close to a neighbour. */
const MIN_GAP = 0.001;

interface Props {
  points: EditorPoint[];
  interpolation: Interpolation;
  noise: number;
  preview: number[] | null;
  /** The id of the visible instructions under the chart. */
  hintId?: string;
  selected: number | null;
  onSelect(id: number | null): void;
  onAdd(x: number, y: number): void;
  onMove(id: number, x: number, y: number): void;
  onRemove(id: number): void;
}

const format = (value: number) => Number(value.toPrecision(4)).toLocaleString('en', { maximumFractionDigits: 4 });

export function CurveChart(props: Props) {
  const { points, interpolation, noise, preview } = props;
  const svg = useRef<SVGSVGElement>(null);
  const [dragging, setDragging] = useState<{ id: number; domain: [number, number] } | null>(null);
  const liveDomain = yDomain(points, noise, preview ?? []);
  const [low, high] = dragging?.domain ?? liveDomain;
  const toX = (x: number) => PAD.left + x * PLOT_W;
  const toY = (y: number) => PAD.top + (1 - (y - low) / (high - low)) * PLOT_H;

  function dataAt(event: MouseEvent): { x: number; y: number } {
    const element = svg.current!;
    const matrix = element.getScreenCTM();
    const at = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix ? matrix.inverse() : undefined);
    const x = Math.min(1, Math.max(0, (at.x - PAD.left) / PLOT_W));
    const y = low + (1 - (at.y - PAD.top) / PLOT_H) * (high - low);
    return { x, y: Number(y.toPrecision(6)) };
  }

  /** x kept strictly between the neighbours of the point being moved. */
  function clampX(id: number, x: number): number {
    const index = points.findIndex((p) => p.id === id);
    const lowest = index > 0 ? points[index - 1].x + MIN_GAP : 0;
    const highest = index < points.length - 1 ? points[index + 1].x - MIN_GAP : 1;
    return Number(Math.min(highest, Math.max(lowest, x)).toFixed(4));
  }

  function keyOnPoint(event: KeyboardEvent, point: EditorPoint) {
    const big = event.shiftKey ? 10 : 1;
    const yStep = ((high - low) / 100) * big;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-0.01 * big, 0],
      ArrowRight: [0.01 * big, 0],
      ArrowUp: [0, yStep],
      ArrowDown: [0, -yStep],
    };
    if (event.key in moves) {
      event.preventDefault();
      const [dx, dy] = moves[event.key];
      props.onMove(point.id, Number(clampX(point.id, point.x + dx).toFixed(4)), Number((point.y + dy).toPrecision(6)));
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      props.onRemove(point.id);
    }
  }

  const curve = curveOf(points, interpolation);
  const path =
    points.length === 0
      ? ''
      : Array.from({ length: SAMPLES + 1 }, (_, i) => i / SAMPLES)
          .map((x, i) => `${i === 0 ? 'M' : 'L'}${toX(x).toFixed(1)},${toY(curve(x)).toFixed(1)}`)
          .join(' ');
  const previewPath =
    preview && preview.length > 0
      ? preview
          .map(
            (v, i) =>
              `${i === 0 ? 'M' : 'L'}${toX(preview.length === 1 ? 0 : i / (preview.length - 1)).toFixed(1)},${toY(v).toFixed(1)}`,
          )
          .join(' ')
      : '';

  return (
    <svg
      ref={svg}
      className="curve-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="group"
      aria-label="Scenario curve: click the plot to add a point; drag points or focus one and use the arrow keys"
      aria-describedby={props.hintId}
      onPointerMove={(event) => {
        if (!dragging) return;
        const at = dataAt(event);
        props.onMove(dragging.id, clampX(dragging.id, Number(at.x.toFixed(4))), at.y);
      }}
      onPointerUp={() => setDragging(null)}
      onPointerCancel={() => setDragging(null)}
    >
      <rect
        className="plot-area"
        x={PAD.left}
        y={PAD.top}
        width={PLOT_W}
        height={PLOT_H}
        // A click, not pointerdown: on a phone, a swipe to scroll the page must not add points.
        onClick={(event) => {
          const at = dataAt(event);
          props.onAdd(Number(at.x.toFixed(4)), at.y);
        }}
      />
      {niceTicks(low, high).map((tick) => (
        <g key={tick} className="tick" aria-hidden="true">
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={toY(tick)} y2={toY(tick)} />
          <text x={PAD.left - 6} y={toY(tick) + 4} textAnchor="end">
            {format(tick)}
          </text>
        </g>
      ))}
      {[0, 0.25, 0.5, 0.75, 1].map((x) => (
        <text
          key={x}
          className="x-label"
          aria-hidden="true"
          x={toX(x)}
          y={HEIGHT - 10}
          textAnchor={x === 0 ? 'start' : x === 1 ? 'end' : 'middle'}
        >
          {x === 0 ? 'first row' : x === 1 ? 'last row' : `${x * 100}%`}
        </text>
      ))}
      {noise > 0 && path && (
        <path
          className="noise-band"
          d={path}
          strokeWidth={Math.max(1, (2 * noise * PLOT_H) / (high - low))}
          aria-hidden="true"
        />
      )}
      {previewPath && <path className="preview-line" d={previewPath} aria-hidden="true" />}
      {path && <path className="curve-line" d={path} aria-hidden="true" />}
      {points.map((point, index) => (
        <circle
          key={point.id}
          className={`point${props.selected === point.id ? ' selected' : ''}`}
          cx={toX(point.x)}
          cy={toY(point.y)}
          r={11}
          tabIndex={0}
          role="button"
          aria-label={`Point ${index + 1}: x ${point.x}, y ${format(point.y)}`}
          onFocus={() => props.onSelect(point.id)}
          onKeyDown={(event) => keyOnPoint(event, point)}
          onPointerDown={(event) => {
            event.stopPropagation();
            svg.current?.setPointerCapture(event.pointerId);
            props.onSelect(point.id);
            setDragging({ id: point.id, domain: liveDomain });
          }}
        />
      ))}
    </svg>
  );
}
