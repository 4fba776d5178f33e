/** What stops the project from generating (problems), what deserves a look (warnings), and the load order. */
import type { ProjectModelView } from '@rowloom/contract';

export function ModelMessages({ model }: { model: ProjectModelView }) {
  return (
    <>
      {model.problems.length > 0 && (
        <section className="model-problems" aria-labelledby="problems-title" role="alert">
          <h2 id="problems-title">Problems: the project cannot generate yet</h2>
          <ul>
            {model.problems.map((problem, i) => (
              <li key={i}>{problem}</li>
            ))}
          </ul>
        </section>
      )}
      {model.warnings.length > 0 && (
        <section className="model-warnings" aria-labelledby="warnings-title">
          <h2 id="warnings-title">Warnings</h2>
          <ul>
            {model.warnings.map((warning, i) => (
              <li key={i}>{warning}</li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

export function LoadOrder({ order }: { order: string[] }) {
  if (order.length === 0) return null;
  return (
    <section className="load-order" aria-labelledby="load-order-title">
      <h2 id="load-order-title">Load order</h2>
      <p className="hint">Parents before children: the SQL script and the files come in this order.</p>
      <ol>
        {order.map((table) => (
          <li key={table}>{table}</li>
        ))}
      </ol>
    </section>
  );
}
