// The worker thread of readRecords (record-source.ts): reads one untrusted file, sends its rows in batches.
import { serveStream } from '../../../shared/worker-stream.ts';
import { readRecordsHere, type RecordsWorkerInput } from './record-source.ts';

serveStream(({ source, options }: RecordsWorkerInput) => readRecordsHere(source, options));
