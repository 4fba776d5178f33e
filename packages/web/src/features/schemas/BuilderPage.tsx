/**
 * The main page: the schema's fields, its file options, a live preview and Download Data.
 * `/schemas/:name` opens a saved schema; `/` starts from the draft kept in the browser or a new one.
 */
import { useReducer, useState } from 'react';
import { useParams } from 'react-router-dom';
import { BuilderContext, type FieldProblem } from './builder-context';
import { useSchemaSource } from './draft';
import { FieldGrid } from './FieldGrid';
import { FileOptionsPanel } from './FileOptionsPanel';
import { PreviewPanel } from './PreviewPanel';
import { initialSchema, schemaReducer } from './schema-model';
import { SchemaToolbar } from './SchemaToolbar';
import { useWidePreview } from './wide-preview';

export function BuilderPage() {
  const [schema, dispatch] = useReducer(schemaReducer, undefined, initialSchema);
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const source = useSchemaSource(useParams().name, schema, dispatch);
  const [widePreview, setWidePreview] = useWidePreview();
  return (
    <BuilderContext.Provider value={{ schema, dispatch, problems, setProblems }}>
      <div className={`builder page${widePreview ? ' wide-preview' : ''}`}>
        <SchemaToolbar source={source} />
        <section aria-label="Fields" className="builder-fields">
          <FieldGrid />
        </section>
        <section aria-label="File options" className="builder-file">
          <FileOptionsPanel />
        </section>
        <section aria-label="Preview" className="builder-preview">
          <PreviewPanel wide={widePreview} onWideChange={setWidePreview} />
        </section>
      </div>
    </BuilderContext.Provider>
  );
}
