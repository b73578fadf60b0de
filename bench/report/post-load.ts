/** The POST row's load: test-mode runs created through the API as fast as it takes them. */
import { load } from './measure';

export function postRunsLoad({ base, auth }: { base: string; auth: { authorization: string } }, workflowId: string) {
  return load('POST /v1/workflows/{id}/runs (test mode)', {
    url: `${base}/workflows/${workflowId}/runs`,
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: '{}',
  });
}
