// The worker thread of readStatementIsolated (statement-read.ts): decodes and parses one bank statement.
import { serveStream } from '../../shared/worker-stream.ts';
import { readStatementText, type StatementWorkerInput } from './statement-read.ts';

serveStream(async function* ({ bytes, shopAccounts }: StatementWorkerInput) {
  yield readStatementText(bytes, shopAccounts);
});
