import iconv from 'iconv-lite';
import { isExactMoney, kopecksToDecimal, toKopecks, type StatementLine } from '@detal/contract';

/**
 * The bank statement in the 1C exchange format (`1CClientBankExchange`, the text every Russian bank exports for
 * accounting software): a header of `key=value` lines, one `СекцияРасчСчет … КонецРасчСчет` per account, then one
 * `СекцияДокумент=<kind> … КонецДокумента` per payment, and `КонецФайла`. Windows-1251 (`Кодировка=Windows`), or
 * DOS code page 866 (`Кодировка=DOS`); CRLF or LF. Anything else is refused with a message naming the line, so
 * that a truncated or foreign file writes nothing.
 */

export class StatementFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StatementFormatError';
  }
}

const SIGNATURE = '1CClientBankExchange';

/** The file's text: UTF-8 when the bytes are valid UTF-8 (a file re-saved by hand), else the code page it names. */
export function decodeStatement(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    const dos = iconv.decode(buffer, 'cp866');
    text = /^Кодировка=DOS\s*$/m.test(dos) ? dos : iconv.decode(buffer, 'win1251');
  }
  return text.replace(/^\uFEFF/, '');
}

export interface StatementDocument {
  /** Платежное поручение, Банковский ордер…, as the section names it. */
  kind: string;
  /** 1-based line of its `СекцияДокумент`. */
  line: number;
  fields: Map<string, string>;
}

export interface ParsedStatement {
  /** The accounts the statement is about (the shop's own): the header's and the account sections' `РасчСчет`. */
  accounts: string[];
  documents: StatementDocument[];
}

const fail = (line: number, message: string): never => {
  throw new StatementFormatError(`Строка ${line}: ${message}`);
};

/** Splits the text into its sections; checks the structure, not the documents' fields (see `documentLine`). */
export function parseStatement(text: string): ParsedStatement {
  const lines = text.split(/\r\n|\r|\n/);
  if (lines[0]?.trim() !== SIGNATURE) {
    throw new StatementFormatError(
      'Это не выписка в формате 1С: файл должен начинаться со строки 1CClientBankExchange. ' +
        'Выгрузите выписку из банка «для 1С» (формат 1CClientBankExchange)',
    );
  }
  const accounts = new Set<string>();
  const documents: StatementDocument[] = [];
  let section: 'header' | 'account' | 'document' = 'header';
  let current: StatementDocument | null = null;
  let sectionLine = 0;
  let ended = false;
  for (let index = 1; index < lines.length; index += 1) {
    const number = index + 1;
    const raw = lines[index]!.trim();
    if (raw === '') continue;
    if (ended) fail(number, 'текст после КонецФайла');
    const separator = raw.indexOf('=');
    const key = (separator === -1 ? raw : raw.slice(0, separator)).trim();
    const value = separator === -1 ? '' : raw.slice(separator + 1).trim();
    if (section === 'document') {
      if (key === 'КонецДокумента') {
        documents.push(current!);
        current = null;
        section = 'header';
      } else if (key === 'СекцияДокумент' || key === 'КонецФайла' || key === 'СекцияРасчСчет') {
        fail(sectionLine, 'документ не закончен строкой КонецДокумента');
      } else if (separator === -1) {
        fail(number, `непонятная строка «${raw.slice(0, 60)}»`);
      } else {
        current!.fields.set(key, value);
      }
      continue;
    }
    if (section === 'account') {
      if (key === 'КонецРасчСчет') section = 'header';
      else if (key === 'РасчСчет' && value) accounts.add(value);
      else if (key === 'СекцияДокумент' || key === 'КонецФайла' || key === 'СекцияРасчСчет')
        fail(sectionLine, 'раздел счёта не закончен строкой КонецРасчСчет');
      continue;
    }
    if (key === 'СекцияРасчСчет') {
      section = 'account';
      sectionLine = number;
    } else if (key === 'СекцияДокумент') {
      section = 'document';
      sectionLine = number;
      current = { kind: value, line: number, fields: new Map() };
    } else if (key === 'КонецФайла') {
      ended = true;
    } else if (key === 'РасчСчет' && value) {
      accounts.add(value);
    } else if (separator === -1) {
      fail(number, `непонятная строка «${raw.slice(0, 60)}»`);
    }
  }
  if (section === 'document') fail(sectionLine, 'документ не закончен строкой КонецДокумента');
  if (section === 'account') fail(sectionLine, 'раздел счёта не закончен строкой КонецРасчСчет');
  if (!ended) throw new StatementFormatError('Файл выписки обрезан: в конце нет строки КонецФайла');
  return { accounts: [...accounts], documents };
}

/** 'dd.mm.yyyy' -> 'yyyy-mm-dd', or null when it is no real day. */
function isoDay(text: string): string | null {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text);
  if (!match) return null;
  const [, day, month, year] = match;
  const iso = `${year}-${month}-${day}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso;
}

const first = (fields: Map<string, string>, ...keys: string[]): string => {
  for (const key of keys) {
    const value = fields.get(key);
    if (value) return value;
  }
  return '';
};

/** The document as a statement line; refuses a document without its number, date or a proper amount. */
export function documentLine(document: StatementDocument): StatementLine {
  const { fields, line } = document;
  const number = first(fields, 'Номер');
  if (!number) fail(line, 'у документа нет номера (Номер)');
  const dateText = first(fields, 'Дата');
  const date = isoDay(dateText);
  if (!date) fail(line, `дата документа «${dateText}» не в виде ДД.ММ.ГГГГ`);
  const receivedText = first(fields, 'ДатаПоступило', 'ДатаСписано');
  const receivedOn = receivedText ? isoDay(receivedText) : date;
  if (!receivedOn) fail(line, `дата поступления «${receivedText}» не в виде ДД.ММ.ГГГГ`);
  const amountText = first(fields, 'Сумма').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(amountText) || !isExactMoney(amountText) || toKopecks(amountText) <= 0) {
    fail(line, `сумма «${first(fields, 'Сумма')}» не положительное число с двумя знаками после запятой`);
  }
  // НазначениеПлатежа, or the older split form НазначениеПлатежа1…6.
  const purpose =
    first(fields, 'НазначениеПлатежа') ||
    [1, 2, 3, 4, 5, 6]
      .map((part) => fields.get(`НазначениеПлатежа${part}`) ?? '')
      .filter(Boolean)
      .join(' ');
  return {
    number: number.slice(0, 64),
    date: date!,
    received_on: receivedOn!,
    amount: Number(kopecksToDecimal(toKopecks(amountText))),
    payer: first(fields, 'Плательщик1', 'Плательщик').slice(0, 500),
    payer_inn: first(fields, 'ПлательщикИНН').slice(0, 12),
    payer_account: first(fields, 'ПлательщикРасчСчет', 'ПлательщикСчет').slice(0, 34),
    account: first(fields, 'ПолучательРасчСчет', 'ПолучательСчет').slice(0, 34),
    purpose: purpose.slice(0, 1000),
  };
}

export interface ClassifiedStatement {
  documents: number;
  incoming: StatementLine[];
  /** Paid out of one of the shop's accounts (to a supplier, or to another of the shop's accounts). */
  ignoredOutgoing: number;
  /** Neither from nor to the shop's accounts (a foreign statement's lines): ignored with the outgoing. */
}

/**
 * Incoming payments: the receiving account is one of the shop's, the paying one is not. The shop's accounts are
 * its requisites' settlement account and the accounts the statement itself is about (a shop with two accounts
 * gets one file for both).
 */
export function classifyStatement(statement: ParsedStatement, shopAccounts: readonly string[]): ClassifiedStatement {
  const own = new Set([...shopAccounts, ...statement.accounts].filter(Boolean));
  const incoming: StatementLine[] = [];
  let ignoredOutgoing = 0;
  for (const document of statement.documents) {
    const line = documentLine(document);
    if (own.has(line.account) && !own.has(line.payer_account)) incoming.push(line);
    else ignoredOutgoing += 1;
  }
  return { documents: statement.documents.length, incoming, ignoredOutgoing };
}

/**
 * The stable identity of a statement document: its number, date, amount in kopecks, and the payer's account and
 * INN. The same document in a second import (or in next month's overlapping statement) has the same key.
 */
export function statementKey(line: StatementLine): string {
  return [line.number, line.date, String(toKopecks(line.amount)), line.payer_account, line.payer_inn].join('|');
}

/**
 * The bill numbers a payment purpose names: «Оплата по счету № 123 от 20.11.2026», «сч. 123», «счет №123»,
 * «по счёту на оплату N 123», «Оплата сч.№ 123». A settlement account («р/сч 40702…», 20 digits) is no bill.
 */
export function billNumbersIn(purpose: string): number[] {
  const text = purpose.toLowerCase().replace(/ё/g, 'е');
  const pattern =
    /(?<![а-яa-z/])сч(?:ет[а-я]*|\.)?\s*(?:на\s+оплату\s*)?(?:№|n|#|no\.?)?\s*(?:№\s*)?(\d{1,10})(?!\d)/gu;
  const found: number[] = [];
  for (const match of text.matchAll(pattern)) {
    const id = Number(match[1]);
    if (id > 0 && id <= 2_147_483_647 && !found.includes(id)) found.push(id);
  }
  return found;
}
