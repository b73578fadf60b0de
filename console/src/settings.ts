/**
 * What the server tells the console about itself, in `<meta>` tags of the page it serves (the page carries no script
 * of its own: the Content-Security-Policy allows none inline).
 */
const meta = (name: string): string | null =>
  document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? null;

/** The run's execution in the Temporal Web UI (its workflow id is the run's id). */
export function temporalUiUrl(workflowId: string): string {
  const base = meta('assay-temporal-ui') ?? 'http://127.0.0.1:8233';
  const namespace = meta('assay-temporal-namespace') ?? 'default';
  return `${base}/namespaces/${encodeURIComponent(namespace)}/workflows/${encodeURIComponent(workflowId)}`;
}
