/**
 * The console's shell: sign-in until a key is held, then the navigation and the view the address names. A 401 from
 * any view (the key revoked or expired meanwhile) forgets the key and returns to sign-in.
 */
import type { Assay } from '@assay/sdk';
import { AssayError } from '@assay/sdk';
import { useEffect, useState } from 'preact/hooks';
import { Link } from './parts/link';
import { BASE, navigate, useRoute, type Route } from './router';
import { clientFor, forgetKey, modeOf, storedKey } from './session';
import { BatchesView, BatchView } from './views/batches';
import { CalibrationsView, CalibrationView } from './views/calibrations';
import { DeliveriesView } from './views/deliveries';
import { DocumentsView } from './views/documents';
import { RunsView } from './views/runs';
import { RunView } from './views/run';
import { ReviewsView } from './views/reviews';
import { SignIn } from './views/sign-in';
import { UsageView } from './views/usage';
import { WorkflowsView, WorkflowView } from './views/workflows';

const SECTIONS = [
  ['runs', 'Runs'],
  ['batches', 'Batches'],
  ['calibrations', 'Calibrations'],
  ['reviews', 'Reviews'],
  ['documents', 'Documents'],
  ['workflows', 'Workflows'],
  ['usage', 'Usage'],
  ['deliveries', 'Webhooks'],
] as const;

function View({ route, client }: { route: Route; client: Assay }) {
  const [section, id] = route.parts;
  switch (section) {
    case 'runs':
      return id ? <RunView client={client} runId={id} /> : <RunsView client={client} route={route} />;
    case 'batches':
      return id ? <BatchView client={client} batchId={id} /> : <BatchesView client={client} />;
    case 'calibrations':
      return id ? (
        <CalibrationView client={client} calibrationId={id} route={route} />
      ) : (
        <CalibrationsView client={client} />
      );
    case 'reviews':
      return <ReviewsView client={client} />;
    case 'documents':
      return <DocumentsView client={client} route={route} />;
    case 'workflows':
      return id ? <WorkflowView client={client} workflowId={id} /> : <WorkflowsView client={client} />;
    case 'usage':
      return <UsageView client={client} />;
    case 'deliveries':
      return <DeliveriesView client={client} route={route} />;
    default:
      return (
        <section>
          <h1>Not found</h1>
          <p>
            No view at this address. <Link to="/runs">Go to runs</Link>.
          </p>
        </section>
      );
  }
}

export function App() {
  const route = useRoute();
  const [key, setKey] = useState(storedKey);
  const client = key ? clientFor(key) : null;

  // A key refused mid-session (revoked, expired) signs the tab out.
  useEffect(() => {
    const onRejection = (event: PromiseRejectionEvent) => {
      if (event.reason instanceof AssayError && event.reason.status === 401) signOut();
    };
    window.addEventListener('unhandledrejection', onRejection);
    return () => window.removeEventListener('unhandledrejection', onRejection);
  }, []);

  useEffect(() => {
    if (key && route.parts.length === 0) navigate('/runs', { replace: true });
  }, [key, route.parts.length]);

  function signOut() {
    forgetKey();
    setKey(null);
    navigate('/', { replace: true });
  }

  if (!key || !client) return <SignIn onSignedIn={(k) => setKey(k)} />;
  const section = route.parts[0];
  return (
    <>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <a class="brand" href={`${BASE}/runs`} onClick={(e) => (e.preventDefault(), navigate('/runs'))}>
          Assay
        </a>
        <nav aria-label="Sections">
          <ul>
            {SECTIONS.map(([path, label]) => (
              <li key={path}>
                <Link to={`/${path}`} aria-current={section === path ? 'page' : undefined}>
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <span class={`mode mode-${modeOf(key)}`} title="The signed-in key's mode">
          {modeOf(key)} mode
        </span>
        <button type="button" class="quiet" onClick={signOut}>
          Sign out
        </button>
      </header>
      <main id="main" tabIndex={-1}>
        <View route={route} client={client} />
      </main>
    </>
  );
}
