import { runInWorker, workerScript, WorkerEnded, type WorkerBudget } from '../../shared/worker-stream.ts';
import {
  StatementFormatError,
  classifyStatement,
  decodeStatement,
  parseStatement,
  type ClassifiedStatement,
} from './statement-format.ts';

/*
 * A bank statement comes from outside (a file staff upload, at most 6 MB): it is decoded and parsed in a worker
 * thread with its own memory limit and time budget (decision 0034), so that a file that breaks the parser ends
 * the worker, not the shop, and is refused as a bad file.
 */

export interface StatementWorkerInput {
  bytes: Uint8Array;
  shopAccounts: readonly string[];
}

/** The statement's documents, in this thread: what the worker runs. */
export const readStatementText = (bytes: Uint8Array, shopAccounts: readonly string[]): ClassifiedStatement =>
  classifyStatement(parseStatement(decodeStatement(bytes)), shopAccounts);

/** A 6 MB file decodes to 12 MB of text, split into lines and documents: a few times that. */
const STATEMENT_BUDGET: WorkerBudget = { memoryMb: 160, stallMs: 15_000 };

const ENDED_MESSAGES: Record<WorkerEnded['ending'], string> = {
  memory: 'На его чтение не хватило отведённой памяти: проверьте, что это выписка из банка',
  time: 'Его чтение заняло слишком много времени: проверьте, что это выписка из банка',
  crash: 'Чтение прервалось с ошибкой',
};

/** The statement's documents, read in a worker; a bad file is a StatementFormatError. */
export async function readStatementIsolated(
  bytes: Uint8Array,
  shopAccounts: readonly string[],
): Promise<ClassifiedStatement> {
  const input: StatementWorkerInput = { bytes, shopAccounts };
  try {
    return await runInWorker<ClassifiedStatement>(
      workerScript('statement-worker', import.meta.url),
      input,
      STATEMENT_BUDGET,
      {
        revive: ({ name, message }) =>
          name === 'StatementFormatError' ? new StatementFormatError(message) : new Error(message),
      },
    );
  } catch (error) {
    if (error instanceof WorkerEnded) throw new StatementFormatError(ENDED_MESSAGES[error.ending]);
    throw error;
  }
}
