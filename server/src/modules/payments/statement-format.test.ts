import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { statementBytes, statementText, type StatementDoc } from '../../../test/fixtures/statement.ts';
import {
  StatementFormatError,
  billNumbersIn,
  classifyStatement,
  decodeStatement,
  parseStatement,
  statementKey,
} from './statement-format.ts';

const SHOP = '40702810900000012345';
const SHOP_SECOND = '40702810100000067890';
const CLIENT = '40702810400000011111';

const doc = (overrides: Partial<StatementDoc>): StatementDoc => ({
  number: '512',
  date: '20.11.2026',
  amount: '1500.00',
  payerAccount: CLIENT,
  receiverAccount: SHOP,
  purpose: 'Оплата по счету № 123 от 20.11.2026. В т.ч. НДС 20% - 250.00 руб.',
  ...overrides,
});

describe('1C statement: decoding and parsing', () => {
  it('reads a Windows-1251 file with CRLF: several accounts, several documents, outgoing ones ignored', () => {
    const bytes = statementBytes(
      [SHOP, SHOP_SECOND],
      [
        doc({ number: '512', received: '21.11.2026' }),
        doc({ number: '77', amount: '2 000,5'.replace(' ', ''), receiverAccount: SHOP_SECOND, purpose: 'сч. 124' }),
        // The shop pays its supplier: outgoing, not a payment to record.
        doc({ number: '9', payerAccount: SHOP, receiverAccount: CLIENT, purpose: 'Оплата по счету № 5 поставщику' }),
        // Between the shop's own accounts: ignored too.
        doc({ number: '10', payerAccount: SHOP_SECOND, receiverAccount: SHOP, purpose: 'Перевод собственных средств' }),
        doc({ number: '13', kind: 'Банковский ордер', purpose: 'счет №125' }),
      ],
    );
    // Real cp1251 bytes: «Оплата» is not UTF-8.
    expect(bytes.includes(Buffer.from('Оплата', 'utf8'))).toBe(false);
    expect(bytes.includes(iconv.encode('Оплата', 'win1251'))).toBe(true);
    const statement = parseStatement(decodeStatement(bytes));
    expect(statement.accounts).toEqual([SHOP, SHOP_SECOND]);
    expect(statement.documents.map((document) => document.kind)).toEqual([
      'Платежное поручение',
      'Платежное поручение',
      'Платежное поручение',
      'Платежное поручение',
      'Банковский ордер',
    ]);
    // Only the settings' account is known; the second comes from the file itself.
    const classified = classifyStatement(statement, [SHOP]);
    expect(classified.documents).toBe(5);
    expect(classified.ignoredOutgoing).toBe(2);
    expect(classified.incoming).toEqual([
      {
        number: '512',
        date: '2026-11-20',
        received_on: '2026-11-21',
        amount: 1500,
        payer: 'ООО «Ромашка»',
        payer_inn: '7708123456',
        payer_account: CLIENT,
        account: SHOP,
        purpose: 'Оплата по счету № 123 от 20.11.2026. В т.ч. НДС 20% - 250.00 руб.',
      },
      expect.objectContaining({ number: '77', amount: 2000.5, account: SHOP_SECOND, received_on: '2026-11-20' }),
      expect.objectContaining({ number: '13', purpose: 'счет №125' }),
    ]);
  });

  it('reads UTF-8 and LF files as well, and a DOS (cp866) one', () => {
    const text = statementText([SHOP], [doc({})]);
    const utf8 = parseStatement(decodeStatement(Buffer.from(text.replace(/\r\n/g, '\n'), 'utf8')));
    expect(classifyStatement(utf8, [SHOP]).incoming).toHaveLength(1);
    const dos = iconv.encode(text.replace('Кодировка=Windows', 'Кодировка=DOS'), 'cp866');
    const parsed = classifyStatement(parseStatement(decodeStatement(dos)), [SHOP]);
    // cp866 has no guillemets: the encoder wrote '?' for them.
    expect(parsed.incoming[0]?.payer).toBe('ООО ?Ромашка?');
    expect(parsed.incoming[0]?.purpose).toMatch(/^Оплата по счету № 123/);
  });

  it.each([
    ['not a statement', 'Дата;Сумма\r\n01.11.2026;100\r\n', /не выписка в формате 1С/],
    ['cut short', statementText([SHOP], [doc({})]).replace('КонецФайла\r\n', ''), /обрезан/],
    [
      'an unterminated document',
      statementText([SHOP], [doc({})]).replace('КонецДокумента\r\n', ''),
      /Строка \d+: документ не закончен/,
    ],
    ['an amount with three decimals', statementText([SHOP], [doc({ amount: '10.005' })]), /сумма «10\.005»/],
    ['a negative amount', statementText([SHOP], [doc({ amount: '-10.00' })]), /сумма «-10\.00»/],
    ['a date that is no day', statementText([SHOP], [doc({ date: '31.02.2026' })]), /дата документа «31\.02\.2026»/],
    ['a document without a number', statementText([SHOP], [doc({ number: '' })]), /нет номера/],
    [
      'a stray line',
      statementText([SHOP], [doc({})]).replace('КонецФайла', 'мусор\r\nКонецФайла'),
      /непонятная строка/,
    ],
  ])('refuses %s with a Russian message naming the problem', (_, text, message) => {
    const read = () => classifyStatement(parseStatement(decodeStatement(iconv.encode(text, 'win1251'))), [SHOP]);
    expect(read).toThrow(StatementFormatError);
    expect(read).toThrow(message);
  });

  it('finds bill numbers in the purposes banks and accountants write, and no settlement account', () => {
    expect(billNumbersIn('Оплата по счету № 123 от 20.11.2026')).toEqual([123]);
    expect(billNumbersIn('Оплата по счёту №123 от 20.11.2026г.')).toEqual([123]);
    expect(billNumbersIn('сч. 123')).toEqual([123]);
    expect(billNumbersIn('Оплата сч.№ 45, НДС не облагается')).toEqual([45]);
    expect(billNumbersIn('счет №123')).toEqual([123]);
    expect(billNumbersIn('СЧЕТ НА ОПЛАТУ N 77 ОТ 01.11.2026')).toEqual([77]);
    expect(billNumbersIn('Оплата по счетам 12 и счет 13')).toEqual([12, 13]);
    expect(billNumbersIn('Оплата за запчасти, р/сч 40702810900000012345')).toEqual([]);
    expect(billNumbersIn('Оплата по договору 15 от 01.01.2026')).toEqual([]);
  });

  it('gives a document the same identity in every import, and another one to another document', () => {
    const [first] = classifyStatement(parseStatement(statementText([SHOP], [doc({})])), [SHOP]).incoming;
    const [again] = classifyStatement(parseStatement(statementText([SHOP], [doc({})])), [SHOP]).incoming;
    const [other] = classifyStatement(parseStatement(statementText([SHOP], [doc({ payerInn: '7708000001' })])), [
      SHOP,
    ]).incoming;
    expect(statementKey(first!)).toBe(statementKey(again!));
    expect(statementKey(first!)).toBe(`512|2026-11-20|150000|${CLIENT}|7708123456`);
    expect(statementKey(other!)).not.toBe(statementKey(first!));
  });
});
