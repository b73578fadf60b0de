/**
 * Each registered workflow has exactly the signature the jobs contract declares for it (domain/jobs/contract.ts
 * `JobSignatures`, by which the gateway starts and waits for it): this file fails to compile when a workflow's input
 * or result differs from its declaration, when a declared job is not registered, or a registered one not declared.
 * Types only: nothing here is bundled or run.
 */
import type { JobName, JobSignatures } from '../domain/jobs/contract';
import type * as registered from './index';

type Registered = typeof registered;
/** Every declared job is registered, and assignable to its declared signature. */
type Conforms<T extends JobSignatures> = T;
/** No workflow is registered that the contract does not declare. */
type Declared<K extends JobName> = K;

export type RegisteredWorkflows = Conforms<Registered> & Record<Declared<keyof Registered>, unknown>;
