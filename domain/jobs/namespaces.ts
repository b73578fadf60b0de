/**
 * Namespace administration for the local stack and the tests: register a namespace with the custom search
 * attributes runs carry (an operator finds any run by them), and tell whether a Temporal server answers at all. Here
 * rather than in scripts/stack/ so that the jobs gateway stays the only code that talks to Temporal as a client
 * (test/unit/structure.test.ts). A managed Temporal (Cloud) has its namespaces and search attributes provisioned by
 * the operator; nothing in the product calls these.
 */
import { Connection } from '@temporalio/client';
import { msToTs } from '@temporalio/common/lib/time';
import { temporal } from '@temporalio/proto';
import { SEARCH_ATTRIBUTE_NAMES } from './contract';

/**
 * Registers `namespace` on the server at `address` when it is missing, adds the missing search attributes, and
 * waits until the server accepts calls in it.
 */
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
            searchAttributes: Object.fromEntries(
              missing.map((n) => [n, temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD]),
            ),
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

/**
 * Whether a Temporal server answers at `address`: it is up once its built-in namespace does (ours are registered
 * afterwards by ensureNamespace). Never throws.
 */
export async function temporalServerAnswers(address: string): Promise<boolean> {
  let connection: Connection | undefined;
  try {
    connection = await Connection.connect({ address, connectTimeout: '1s' });
    const open = connection;
    await open.withDeadline(Date.now() + 2000, () => open.workflowService.describeNamespace({ namespace: 'default' }));
    return true;
  } catch {
    return false;
  } finally {
    await connection?.close().catch(() => undefined);
  }
}
