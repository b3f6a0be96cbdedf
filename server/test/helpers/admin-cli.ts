import { runAdmin, type AdminCommand } from '../../src/cli/admin.ts';
import { loadConfig } from '../../src/config.ts';
import type { Database } from '../../src/db/index.ts';

export interface AdminRun {
  code: number;
  out: string;
  err: string;
}

/**
 * `npm run admin -- …argv` run in process on a test database, which the run must leave open (its close is a
 * no-op here). `onOpen` is called each time the command opens the database.
 */
export async function runAdminInProcess(
  database: Database,
  commands: Map<string, AdminCommand>,
  argv: string[],
  onOpen?: () => void,
  /** Answers to the command's secret prompts (passwords), in order. */
  secrets: string[] = [],
): Promise<AdminRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(
    argv,
    commands,
    async () => {
      onOpen?.();
      return { config: loadConfig({}), database: { ...database, close: async () => undefined } };
    },
    {
      out: (text) => out.push(text),
      err: (text) => err.push(text),
      readSecret: async (prompt) => {
        const answer = secrets.shift();
        if (answer === undefined) throw new Error(`No answer for the prompt "${prompt}"`);
        return answer;
      },
    },
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}
