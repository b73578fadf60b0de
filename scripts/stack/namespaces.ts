/**
 * Registers a Temporal namespace on a running server when it is missing, with the custom search attributes runs
 * carry (DESIGN.md §1), and waits until the server accepts calls in it. Used by the stack script for the configured
 * and test namespaces, and by tests that own a namespace of their own (so a worker they kill affects only them).
 */
import { Connection } from '@temporalio/client';
import { msToTs } from '@temporalio/common/lib/time';
import { temporal } from '@temporalio/proto';
import { SEARCH_ATTRIBUTE_NAMES } from '../../domain/jobs/contract';

export async function ensureNamespace(address: string, namespace: string): Promise<void> {
  const connection = await Connection.connect({ address, connectTimeout: '5s' });
  try {
    const known = await connection.workflowService.describeNamespace({ namespace }).then(
      () => true,
      () => false,
    );
    if (!known) {
      await connection.workflowService
        .registerNamespace({ namespace, workflowExecutionRetentionPeriod: msToTs('1 day') })
        .catch((err: Error) => {
          if (!/already/i.test(err.message)) throw err;
        });
    }
    // A new namespace takes a moment to reach every server component.
    for (let attempt = 0; ; attempt++) {
      try {
        const { customAttributes } = await connection.operatorService.listSearchAttributes({ namespace });
        const missing = SEARCH_ATTRIBUTE_NAMES.filter((n) => !(customAttributes ?? {})[n]);
        if (missing.length) {
          await connection.operatorService.addSearchAttributes({
            namespace,
            searchAttributes: Object.fromEntries(missing.map((n) => [n, temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD])),
          });
        }
        await connection.workflowService.listOpenWorkflowExecutions({ namespace, maximumPageSize: 1 });
        return;
      } catch (err) {
        if (attempt >= 80) throw err;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  } finally {
    await connection.close();
  }
}
