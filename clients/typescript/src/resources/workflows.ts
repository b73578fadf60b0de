/** Workflows: what a run evaluates a document against. */
import { paginate, unwrap, type PageParams, type Transport } from '../transport';
import type { CreateWorkflowRequest, Workflow } from '../types';

export function workflowsResource(http: Transport) {
  const { api } = http;
  return {
    create: async (body: CreateWorkflowRequest) => unwrap(await api.POST('/workflows', { body })),
    get: async (workflowId: string) =>
      unwrap(await api.GET('/workflows/{workflowId}', { params: { path: { workflowId } } })),
    delete: async (workflowId: string) =>
      unwrap(await api.DELETE('/workflows/{workflowId}', { params: { path: { workflowId } } })),
    list: (params: PageParams = {}): AsyncGenerator<Workflow> =>
      paginate(async (cursor) => unwrap(await api.GET('/workflows', { params: { query: { ...params, cursor } } }))),
  };
}
