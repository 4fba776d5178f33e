/** The routes. Each page lives in its feature folder; only sign-in and sign-up are public. */
import { lazy, Suspense, type ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { RequireSession, SessionProvider } from '../api/session';
import { AccountPage } from '../features/accounts/AccountPage';
import { SignInPage, SignUpPage } from '../features/accounts/AuthPages';
import { BuilderPage } from '../features/schemas/BuilderPage';
import { SchemasPage } from '../features/schemas/SchemasPage';
import { DatasetsPage } from '../features/datasets/DatasetsPage';
import { ProjectsPage } from '../features/projects/ProjectsPage';
import { ScenariosPage } from '../features/scenarios/ScenariosPage';
import { Layout } from './Layout';

// The Mock APIs pages (and their editors) load when opened, outside the initial bundle.
const MocksPage = lazy(() => import('../features/mocks/MocksPage'));
const MockApiPage = lazy(() => import('../features/mocks/MockApiPage'));
const DownloadsPage = lazy(() => import('../features/downloads/DownloadsPage'));
const AdminDownloadsPage = lazy(() => import('../features/admin/AdminDownloadsPage'));
const ReferencePage = lazy(() => import('../features/reference/ReferencePage'));
const ProjectPage = lazy(() => import('../features/projects/ProjectPage'));

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

function signedIn(page: ReactElement) {
  return <RequireSession>{page}</RequireSession>;
}

function lazyPage(page: ReactElement) {
  return signedIn(
    <Suspense
      fallback={
        <p className="loading" role="status">
          Loading…
        </p>
      }
    >
      {page}
    </Suspense>,
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <BrowserRouter>
          <Routes>
            <Route element={<Layout />}>
              <Route path="/signin" element={<SignInPage />} />
              <Route path="/signup" element={<SignUpPage />} />
              <Route path="/" element={signedIn(<BuilderPage />)} />
              <Route path="/schemas" element={signedIn(<SchemasPage />)} />
              <Route path="/schemas/:name" element={signedIn(<BuilderPage />)} />
              <Route path="/datasets" element={signedIn(<DatasetsPage />)} />
              <Route path="/projects" element={signedIn(<ProjectsPage />)} />
              <Route path="/projects/:name" element={lazyPage(<ProjectPage />)} />
              <Route path="/scenarios" element={signedIn(<ScenariosPage />)} />
              <Route path="/mocks" element={lazyPage(<MocksPage />)} />
              <Route path="/mocks/:name" element={lazyPage(<MockApiPage />)} />
              <Route path="/downloads" element={lazyPage(<DownloadsPage />)} />
              <Route path="/admin/downloads" element={lazyPage(<AdminDownloadsPage />)} />
              <Route path="/reference" element={lazyPage(<ReferencePage />)} />
              <Route path="/account" element={signedIn(<AccountPage />)} />
              <Route
                path="*"
                element={
                  <p className="page">
                    No such page. <a href="/">Back to the schema builder</a>
                  </p>
                }
              />
            </Route>
          </Routes>
        </BrowserRouter>
      </SessionProvider>
    </QueryClientProvider>
  );
}
