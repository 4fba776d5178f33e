import type { ReactNode } from 'react';

/**
 * The list pages' table (schemas, datasets, mock APIs, downloads, the admin view): it scrolls
 * sideways on a narrow screen, has column headers and a last column of actions whose header
 * only screen readers hear. The rows are the children.
 */
export function ListTable({
  columns,
  className,
  caption,
  wrapperClassName = 'table-scroll',
  children,
}: {
  columns: readonly string[];
  className: string;
  caption?: string;
  wrapperClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className={wrapperClassName}>
      <table className={className}>
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column}>
                {column}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
