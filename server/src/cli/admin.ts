import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { read } from 'read';
import { loadConfig, type AppConfig } from '../config.ts';
import { DataDirBusyError } from '../db/data-dir-lock.ts';
import { openDatabase, type Database } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { subscribeModuleEffects } from '../modules/subscribers.ts';
import { argumentsMessage } from './command-args.ts';

/**
 * The shop owner's command line until a back office exists: `npm run admin -- <command> [options]`.
 *
 * Every file in ./admin/ is one command, named after the file (admin/order-status.ts is `order-status`) and
 * exporting `command: AdminCommand`. Adding a command is adding a file; nothing here lists them.
 */

export interface AdminContext {
  database: Database;
  config: AppConfig;
  /** Writes a line of the command's report to stdout. */
  print: (line: string) => void;
  /** Asks for a secret (a password) without echoing it; fails when nobody can answer. */
  readSecret: (prompt: string) => Promise<string>;
}

export type AdminOptions = NonNullable<ParseArgsConfig['options']>;
export type AdminValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

export interface AdminCommand {
  /** One line for the command list. */
  summary: string;
  /** The full help text: usage line, options, examples. */
  usage: string;
  /** node:util parseArgs options; `--help` is added to every command. */
  options: AdminOptions;
  /** The option one bare argument fills (`statement-import FILE` is `--file FILE`); none takes no bare argument. */
  positional?: string;
  run(values: AdminValues, context: AdminContext): Promise<void>;
}

/** Wrong arguments: the message and the command's usage are printed, exit code 2. */
export class AdminUsageError extends Error {
  override readonly name = 'AdminUsageError';
}

/** The command could not do its work (an unknown order, say): the message is printed, exit code 1. */
export class AdminCommandError extends Error {
  override readonly name = 'AdminCommandError';
}

/** The text value of `--name`, required. */
export function requiredText(values: AdminValues, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new AdminUsageError(`Не указан --${name}`);
  return value.trim();
}

/** The text of an optional `--name`, or undefined when it was not given. */
export function optionalText(values: AdminValues, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

/** The positive whole number `--name`, or null when it was not given. */
export function optionalId(values: AdminValues, name: string): number | null {
  if (values[name] === undefined) return null;
  const text = requiredText(values, name);
  const id = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(id) || id < 1) {
    throw new AdminUsageError(`--${name}: нужно целое положительное число, а не «${text}»`);
  }
  return id;
}

export function requiredId(values: AdminValues, name: string): number {
  const id = optionalId(values, name);
  if (id === null) throw new AdminUsageError(`Не указан --${name}`);
  return id;
}

const commandsFolder = fileURLToPath(new URL('./admin/', import.meta.url));
const isCommandFile = (file: string) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts');
const commandNameOf = (file: string) => file.slice(0, -'.ts'.length);

/** The commands of ./admin/ by name; with `only`, just that one (when it exists): a run imports no other. */
export async function loadAdminCommands(folder = commandsFolder, only?: string): Promise<Map<string, AdminCommand>> {
  const files = (await readdir(folder))
    .filter(isCommandFile)
    .filter((file) => only === undefined || commandNameOf(file) === only)
    .sort();
  const commands = new Map<string, AdminCommand>();
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(folder, file)).href)) as { command?: AdminCommand };
    if (!module.command) throw new Error(`${file} in ${folder} exports no \`command\``);
    commands.set(commandNameOf(file), module.command);
  }
  return commands;
}

function overview(commands: Map<string, AdminCommand>): string {
  const width = Math.max(0, ...[...commands.keys()].map((name) => name.length));
  const list = [...commands].map(([name, command]) => `  ${name.padEnd(width)}  ${command.summary}`);
  return [
    'Команды владельца магазина (база данных: DATABASE_URL, без неё встроенная в папке DATA_DIR).',
    '',
    'Запуск: npm run admin -- <команда> [параметры]',
    '        npm run admin -- <команда> --help   (подробно о команде)',
    '',
    'Команды:',
    ...list,
  ].join('\n');
}

export interface AdminIo {
  out: (text: string) => void;
  err: (text: string) => void;
  /** Reads a secret typed at a prompt (not echoed); absent where no one can type. */
  readSecret?: (prompt: string) => Promise<string>;
}

const noSecretPrompt = (): Promise<string> => {
  throw new AdminUsageError('Команде нужен пароль, набранный в терминале, а терминал не подключён');
};

/** A service's refusal as one text: its message, or its fields' messages when it has them. */
function refusalText(error: HttpError): string {
  const fields = typeof error.error === 'object' ? Object.values(error.error).flat() : [];
  return fields.length > 0 ? fields.join('\n') : error.message;
}

/**
 * Runs `argv` (the words after `npm run admin --`) and answers the exit code: 0 done, 1 the command failed,
 * 2 wrong usage. `open` gives the database and settings; it is called only when a command actually runs.
 */
export async function runAdmin(
  argv: readonly string[],
  commands: Map<string, AdminCommand>,
  open: () => Promise<Omit<AdminContext, 'print' | 'readSecret'>>,
  io: AdminIo,
): Promise<number> {
  // The commands' writes reach the audit log and the outbox through domain events (decision 0042).
  subscribeModuleEffects();
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === 'help') {
    io.out(overview(commands));
    return name === undefined ? 2 : 0;
  }
  const command = commands.get(name);
  if (!command) {
    io.err(`Неизвестная команда «${name}».\n\n${overview(commands)}`);
    return 2;
  }
  let values: AdminValues;
  try {
    const parsed = parseArgs({
      args: [...rest],
      options: { ...command.options, help: { type: 'boolean', default: false } },
      strict: true,
      allowPositionals: command.positional !== undefined,
    });
    values = parsed.values;
    if (parsed.positionals.length > 1 || (parsed.positionals.length === 1 && values[command.positional!] !== undefined))
      throw new AdminUsageError(`Лишний аргумент «${parsed.positionals.at(-1)}»`);
    if (parsed.positionals[0] !== undefined) values = { ...values, [command.positional!]: parsed.positionals[0] };
  } catch (error) {
    io.err(`${error instanceof AdminUsageError ? error.message : argumentsMessage(error)}\n\n${command.usage}`);
    return 2;
  }
  if (values.help) {
    io.out(command.usage);
    return 0;
  }
  let context: Awaited<ReturnType<typeof open>>;
  try {
    context = await open();
  } catch (error) {
    // A shop running on the embedded database: refused before anything was opened.
    if (error instanceof DataDirBusyError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
  try {
    await command.run(values, { ...context, print: io.out, readSecret: io.readSecret ?? noSecretPrompt });
    return 0;
  } catch (error) {
    if (error instanceof AdminUsageError) {
      io.err(`${error.message}\n\n${command.usage}`);
      return 2;
    }
    if (error instanceof AdminCommandError) {
      io.err(error.message);
      return 1;
    }
    // The back office's service refused (a taken e-mail, say): its Russian message, with the fields' own.
    if (error instanceof HttpError) {
      io.err(refusalText(error));
      return 1;
    }
    throw error;
  } finally {
    await context.database.close();
  }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  // A known command is loaded alone; the list (help, an unknown name) needs them all.
  const single = argv[0] ? await loadAdminCommands(commandsFolder, argv[0]) : new Map<string, AdminCommand>();
  const commands = single.size === 1 ? single : await loadAdminCommands();
  process.exitCode = await runAdmin(
    argv,
    commands,
    async () => {
      const config = loadConfig();
      return { config, database: await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }) };
    },
    {
      out: (text) => console.log(text),
      err: (text) => console.error(text),
      // The prompt goes to stderr, so that stdout stays the command's report.
      readSecret: (prompt) => read({ prompt, silent: true, replace: '*', output: process.stderr }),
    },
  );
}

// Run only as the program (`node --import tsx server/src/cli/admin.ts`), not when a command or a test imports it.
if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  main().catch((error: unknown) => {
    // Not an expected refusal (those are answered above, without a trace): the trace helps whoever looks into it.
    console.error('Команда не выполнена из-за непредвиденной ошибки:');
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exitCode = 1;
  });
}
