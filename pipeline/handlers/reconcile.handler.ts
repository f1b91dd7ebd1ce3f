import type { Context, ScheduledEvent } from 'aws-lambda';
import type { Config } from '../../src/config/settings.ts';
import type { DocumentClient } from '../stages/events-deps.ts';
import { type ReconcileSummary, reconcileOnce } from '../stages/reconcile.ts';
import { deployedComposition, lazyHandler } from './aws-composition.ts';
import { type EventsStagePorts, eventsDepsFor } from './events.handler.ts';
import { invoke } from './lambda-kit.ts';

export interface ReconcileHandlerDeps extends EventsStagePorts {
  /** The service client, built with the API key read at run time; cached by the caller. */
  readonly client: () => Promise<DocumentClient>;
  readonly config: Pick<
    Config,
    'maxReextracts' | 'reextractBackoffSeconds' | 'reconcileAfterSeconds' | 'trackContainers'
  >;
  /** Lookups per run; the schedule's rate times this bounds the requests the reconciler spends. */
  readonly maxLookupsPerPass?: number;
}

/**
 * The reconcile function, on a schedule: one `reconcileOnce` pass, exactly as the local worker's
 * reconciler runs it. A failed lookup is counted in the summary and tried at the next run; only an
 * unexpected error fails the invocation.
 */
export const createReconcileHandler = (deps: ReconcileHandlerDeps) => {
  return (_event: ScheduledEvent, context?: Context): Promise<ReconcileSummary> =>
    invoke(deps, context, async () => {
      const stageDeps = eventsDepsFor(deps, await deps.client());
      return reconcileOnce({
        ...stageDeps,
        logger: stageDeps.logger.child({ component: 'reconciler' }),
        reconcileAfterSeconds: deps.config.reconcileAfterSeconds,
        ...(deps.maxLookupsPerPass === undefined ? {} : { maxLookupsPerPass: deps.maxLookupsPerPass }),
      });
    });
};

/** The deployed function (`pipeline/handlers/reconcile.handler.handler`), built on its first invocation. */
export const handler = lazyHandler(() => createReconcileHandler(deployedComposition().reconcile()));
