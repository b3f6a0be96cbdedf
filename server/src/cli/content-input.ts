import { readFile } from 'node:fs/promises';
import { ContentInputError } from '../modules/content/store.ts';
import { AdminCommandError } from './admin.ts';

// What the content commands (admin/page-save.ts, admin/news-save.ts) share; apart from admin/, where every file
// is a command.

/** The body HTML of `--file`, read as UTF-8. */
export async function readBodyFile(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new AdminCommandError(
      `Не удалось прочитать ${file}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
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
