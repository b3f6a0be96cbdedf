import { readFile } from 'node:fs/promises';
import { AdminCommandError, type AdminValues } from '../../cli/admin.ts';
import { ContentInputError } from './store.ts';

/** The body HTML of `--file`, read as UTF-8. */
export async function readBodyFile(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new AdminCommandError(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The text of an optional `--name`, or undefined when it was not given. */
export function optionalText(values: AdminValues, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

/** Runs a save; input the store refuses (a bad slug, an empty body) is the command's failure, with its message. */
export async function asCommand<T>(save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (error instanceof ContentInputError) throw new AdminCommandError(error.message);
    throw error;
  }
}
