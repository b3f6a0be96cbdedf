import { parseArgs, type ParseArgsConfig } from 'node:util';

/** node:util parseArgs' refusals (in English) in the owner's words. */
export function argumentsMessage(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  const option = /'(--?[^'\s]+)/.exec(message ?? '')?.[1] ?? '';
  const argument = /argument '([^']*)'/.exec(message ?? '')?.[1] ?? '';
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `Неизвестный параметр ${option}`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return message?.includes('argument missing')
        ? `У параметра ${option} нет значения`
        : `Параметр ${option} не принимает значения`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `Лишний аргумент «${argument}»`;
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

/** parseArgs whose refusals are Russian Errors (the commands print their message, never a trace). */
export function parseCommandArgs<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    throw new Error(argumentsMessage(error));
  }
}
