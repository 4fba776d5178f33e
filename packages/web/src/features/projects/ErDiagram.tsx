/**
 * The entity-relationship diagram: inline SVG drawn from the model (layout in
 * diagram-layout.ts). Every name is a text node React escapes; nothing is set as HTML.
 */
import { useId, useMemo } from 'react';
import type { ProjectModelView } from '@rowloom/contract';
import { SIZES, columnRoom, fit, layoutDiagram, nameRoom, type Box, type Edge } from './diagram-layout';

function TableBox({ box }: { box: Box }) {
  const count = box.count === null ? '' : box.count.toLocaleString('en');
  const room = nameRoom(box);
  const columnsRoom = columnRoom(box);
  return (
    <g className="er-table" data-table={box.table}>
      <title>{`${box.table}${count ? ` (${count} rows)` : ''}`}</title>
      <rect className="er-box" x={box.x} y={box.y} width={box.width} height={box.height} rx={6} />
      <path
        className="er-head"
        d={`M ${box.x} ${box.y + SIZES.header} V ${box.y + 6} Q ${box.x} ${box.y} ${box.x + 6} ${box.y} H ${box.x + box.width - 6} Q ${box.x + box.width} ${box.y} ${box.x + box.width} ${box.y + 6} V ${box.y + SIZES.header} Z`}
      />
      <text className="er-name" x={box.x + SIZES.pad} y={box.y + 20}>
        {fit(box.table, room)}
      </text>
      {count && (
        <text className="er-count" x={box.x + box.width - SIZES.pad} y={box.y + 20} textAnchor="end">
          {count}
        </text>
      )}
      {box.columns.map((column, i) => {
        const y = box.y + SIZES.header + i * SIZES.row + 17;
        return (
          <g key={column.name} className={column.key ? 'er-column er-key' : 'er-column'}>
            {(column.key || column.reference) && (
              <text className="er-mark" x={box.x + SIZES.pad} y={y}>
                {column.key ? 'PK' : 'FK'}
              </text>
            )}
            <text className="er-column-name" x={box.x + SIZES.pad + SIZES.gutter} y={y}>
              {fit(column.name, columnsRoom)}
            </text>
          </g>
        );
      })}
      {box.hidden > 0 && (
        <text
          className="er-more"
          x={box.x + SIZES.pad + SIZES.gutter}
          y={box.y + SIZES.header + box.columns.length * SIZES.row + 17}
        >
          {`+ ${box.hidden} more`}
        </text>
      )}
    </g>
  );
}

function EdgeLabel({ edge }: { edge: Edge }) {
  const width = edge.label.length * SIZES.labelChar + 10;
  return (
    <g className="er-label">
      <rect x={edge.labelX - width / 2} y={edge.labelY - 9} width={width} height={18} rx={4} />
      <text x={edge.labelX} y={edge.labelY + 4} textAnchor="middle">
        {edge.label}
      </text>
    </g>
  );
}

/** The diagram's description for screen readers: what the arrows say, in words. */
function describe(model: ProjectModelView): string {
  const references = model.tables.flatMap((t) =>
    t.references.map((r) => `${t.name}.${r.fields.join('+')} refers to ${r.table}${r.deferred ? ' (deferred)' : ''}`),
  );
  return `${model.tables.length} tables, ${references.length} references${references.length ? `: ${references.join('; ')}` : ''}.`;
}

export function ErDiagram({ project, model }: { project: string; model: ProjectModelView }) {
  const layout = useMemo(() => layoutDiagram(model.tables, model.load_order), [model]);
  // A marker id unique on the page; React's ids hold characters an url(#...) reference dislikes.
  const marker = `er-arrow-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const titleId = useId();
  const descId = useId();
  return (
    <figure className="er-figure">
      <div className="er-scroll" tabIndex={0} role="group" aria-label="Diagram (scrolls)">
        <svg
          className="er-diagram"
          width={layout.width}
          height={layout.height}
          viewBox={`0 0 ${layout.width} ${layout.height}`}
          role="img"
          aria-labelledby={`${titleId} ${descId}`}
        >
          <title id={titleId}>{`Entity-relationship diagram of ${project}`}</title>
          <desc id={descId}>{describe(model)}</desc>
          <defs>
            <marker id={marker} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto">
              <path d="M 0 0 L 10 5 L 0 10 z" className="er-arrowhead" />
            </marker>
          </defs>
          {layout.edges.map((edge, i) => (
            <path
              key={i}
              className={`er-edge${edge.dashed ? ' er-deferred' : ''}${edge.self ? ' er-self' : ''}`}
              data-from={edge.from}
              data-to={edge.to}
              d={edge.path}
              markerEnd={`url(#${marker})`}
            />
          ))}
          {layout.boxes.map((box) => (
            <TableBox key={box.table} box={box} />
          ))}
          {layout.edges.map((edge, i) => (
            <EdgeLabel key={i} edge={edge} />
          ))}
        </svg>
      </div>
      <figcaption className="hint">
        PK: primary key column; FK: a reference. Each arrow goes from a reference to the table it refers to, labelled
        with its field(s) and, when it sets the count, the rows per parent; a dashed arrow closes a cycle (loaded empty,
        then set).
      </figcaption>
    </figure>
  );
}
