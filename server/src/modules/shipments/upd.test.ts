import iconv from 'iconv-lite';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { TEST_REQUISITES } from '../../../test/fixtures/bills.ts';
import { pdfText } from '../../../test/helpers/pdf-text.ts';
import { buyerFromOrder, buyerFromPayer, composeShipment, type ShipmentSource, type UpdParty } from './document.ts';
import { renderUpdPdf } from './upd-pdf.ts';
import { renderUpdXml } from './upd-xml.ts';

/**
 * The УПД of a shipment (issue 30, points 3 and 4): the XML of format 5.03 read back element by element against
 * what the schema ON_NSCHFDOPPR_1_997_01_05_03_05.xsd requires (sequence of elements, required attributes, the
 * choices, the enumerations and lengths used), over several shapes; the PDF's text read back, its totals and the
 * amount in words.
 */

interface Node {
  name: string;
  attributes: Record<string, string>;
  children: Node[];
  text: string;
}

/** The XML's tree (a strict parser: a document that is not well-formed throws). */
function parse(xml: string): Node {
  const parser = new SaxesParser();
  const root: Node = { name: '#root', attributes: {}, children: [], text: '' };
  const stack: Node[] = [root];
  parser.on('opentag', (tag) => {
    const node: Node = { name: tag.name, attributes: tag.attributes as Record<string, string>, children: [], text: '' };
    stack.at(-1)!.children.push(node);
    stack.push(node);
  });
  parser.on('text', (text) => {
    stack.at(-1)!.text += text;
  });
  parser.on('closetag', () => void stack.pop());
  parser.write(xml).close();
  return root.children[0]!;
}

const child = (node: Node, name: string): Node => {
  const found = node.children.find((c) => c.name === name);
  if (!found) throw new Error(`${node.name} has no ${name}: ${node.children.map((c) => c.name).join(', ')}`);
  return found;
};
const names = (node: Node) => node.children.map((c) => c.name);

const COMPANY_BUYER: UpdParty = {
  kind: 'company',
  name: 'ООО "Авто & Сервис" <Север>',
  inn: '7707083893',
  kpp: '773601001',
  ogrn: '1027700132195',
  address: '117312, г. Москва, ул. Вавилова, д. 19',
  phone: '+79990001122',
  bank: {
    name: 'ПАО Сбербанк',
    bik: '044525225',
    correspondentAccount: '30101810400000000225',
    settlementAccount: '40702810938000000001',
  },
  person: null,
};

const IP_BUYER = buyerFromOrder({
  firstName: 'Пётр',
  lastName: 'Сидоров',
  middleName: 'Ильич',
  companyName: null,
  phoneNumber: '+79995556677',
  inn: '500100732259',
  address: null,
});

const PERSON_BUYER = buyerFromOrder({
  firstName: 'Анна',
  lastName: 'Смирнова',
  middleName: null,
  companyName: null,
  phoneNumber: '+79991112233',
  inn: null,
  address: null,
});

const LONG_NAME = `Колодки тормозные дисковые передние ${'очень длинное описание '.repeat(120)}`.trim();

const source = (overrides: Partial<ShipmentSource> = {}): ShipmentSource => ({
  id: 17,
  postedAt: new Date('2026-11-27T09:30:05Z'),
  timeZone: 'Europe/Moscow',
  requisites: TEST_REQUISITES,
  vatRate: 20,
  buyer: COMPANY_BUYER,
  lines: [
    {
      orderItemId: 501,
      orderId: 55,
      article: 'P 85 020',
      brand: 'BREMBO',
      description: 'Колодки тормозные',
      quantity: 2,
      priceKopecks: 356_750,
      country: 'Италия',
      customsDeclaration: '10702070/080424/3088153',
    },
    {
      orderItemId: 502,
      orderId: 55,
      article: 'OC 90',
      brand: 'KNECHT',
      description: 'Фильтр масляный',
      quantity: 3,
      priceKopecks: 61_033,
      country: null,
      customsDeclaration: null,
    },
  ],
  orders: [{ id: 55, createdAt: new Date('2026-11-20T08:00:00Z') }],
  payments: [{ number: '314', paidOn: '2026-11-21', amountKopecks: 896_599 }],
  issuedBy: 'Кузнецова Мария Олеговна',
  guid: '8c703486-75df-46f8-8f0a-959b09f807a9',
  ...overrides,
});

const xmlOf = (document: ReturnType<typeof composeShipment>) => {
  const { fileName, bytes } = renderUpdXml(document);
  return { fileName, bytes, xml: iconv.decode(bytes, 'win1251'), tree: parse(iconv.decode(bytes, 'win1251')) };
};

describe('the УПД as XML (format 5.03)', () => {
  it('names the file by its ИдФайл and writes windows-1251 with a windows-1251 prolog', () => {
    const document = composeShipment(source());
    const { fileName, bytes, tree } = xmlOf(document);
    expect(fileName).toBe(
      'ON_NSCHFDOPPR_7707083893-773601001_7701234567-770101001_20261127_8c703486-75df-46f8-8f0a-959b09f807a9_0_0_0_0_0_00.xml',
    );
    expect(tree.attributes['ИдФайл']).toBe(fileName.replace(/\.xml$/, ''));
    expect(bytes.subarray(0, 45).toString('latin1')).toBe('<?xml version="1.0" encoding="windows-1251"?>');
    // «Продавец»'s bytes in windows-1251, and no UTF-8 Cyrillic anywhere.
    expect(bytes.includes(iconv.encode('Колодки', 'win1251'))).toBe(true);
    expect(bytes.includes(Buffer.from('Колодки', 'utf8'))).toBe(false);
  });

  it('status 1 (VAT): Файл, Документ and СвСчФакт with every element and attribute the schema requires, in order', () => {
    const { tree } = xmlOf(composeShipment(source()));
    expect(tree.name).toBe('Файл');
    expect(tree.attributes).toMatchObject({ ВерсФорм: '5.03', ВерсПрог: 'Detal 1.0' });
    expect(names(tree)).toEqual(['Документ']);
    const doc = child(tree, 'Документ');
    expect(doc.attributes).toMatchObject({
      КНД: '1115131',
      Функция: 'СЧФДОП',
      ДатаИнфПр: '27.11.2026',
      ВремИнфПр: '12.30.05',
      НаимЭконСубСост: 'ООО «Деталь-Тест», ИНН/КПП 7701234567/770101001',
    });
    expect(doc.attributes['НаимДокОпр']).toMatch(/^Счет-фактура и документ об отгрузке/);
    expect(names(doc)).toEqual(['СвСчФакт', 'ТаблСчФакт', 'СвПродПер', 'Подписант']);
    const invoice = child(doc, 'СвСчФакт');
    expect(invoice.attributes).toEqual({ НомерДок: '17', ДатаДок: '27.11.2026' });
    expect(names(invoice)).toEqual(['СвПрод', 'ГрузОт', 'ГрузПолуч', 'СвПРД', 'ДокПодтвОтгрНом', 'СвПокуп', 'ДенИзм']);
    const seller = child(invoice, 'СвПрод');
    expect(names(seller)).toEqual(['ИдСв', 'Адрес', 'БанкРекв']);
    expect(child(child(seller, 'ИдСв'), 'СвЮЛУч').attributes).toEqual({
      НаимОрг: 'ООО «Деталь-Тест»',
      ИННЮЛ: '7701234567',
      КПП: '770101001',
    });
    expect(child(child(seller, 'Адрес'), 'АдрИнф').attributes).toEqual({
      КодСтр: '643',
      НаимСтран: 'Россия',
      АдрТекст: TEST_REQUISITES.address,
    });
    expect(child(seller, 'БанкРекв').attributes).toEqual({ НомерСчета: '40702810900000012345' });
    expect(child(child(seller, 'БанкРекв'), 'СвБанк').attributes).toEqual({
      НаимБанк: 'ПАО «Тестбанк», г. Москва',
      БИК: '044525999',
      КорСчет: '30101810400000000999',
    });
    expect(child(child(invoice, 'ГрузОт'), 'ОнЖе').text).toBe('он же');
    expect(child(invoice, 'СвПРД').attributes).toEqual({ НомерПРД: '314', ДатаПРД: '21.11.2026', СуммаПРД: '8965.99' });
    expect(child(invoice, 'ДокПодтвОтгрНом').attributes).toEqual({
      РеквНаимДок: 'Универсальный передаточный документ',
      РеквНомерДок: '17',
      РеквДатаДок: '27.11.2026',
    });
    expect(child(invoice, 'ДенИзм').attributes).toEqual({ КодОКВ: '643', НаимОКВ: 'Российский рубль' });
  });

  it('a company buyer: СвЮЛУч with its INN and KPP, quotes, ampersand and angle brackets escaped and read back', () => {
    const { tree, xml } = xmlOf(composeShipment(source()));
    const buyer = child(child(child(tree, 'Документ'), 'СвСчФакт'), 'СвПокуп');
    expect(child(child(buyer, 'ИдСв'), 'СвЮЛУч').attributes).toEqual({
      НаимОрг: 'ООО "Авто & Сервис" <Север>',
      ИННЮЛ: '7707083893',
      КПП: '773601001',
    });
    expect(xml).toContain('НаимОрг="ООО &quot;Авто &amp; Сервис&quot; &lt;Север&gt;"');
    expect(child(child(buyer, 'Контакт'), 'Тлф').text).toBe('+79990001122');
  });

  it('an ИП buyer: СвИП with ИННФЛ and ФИО; a person: СвФЛУч with ФИО and no INN', () => {
    const ip = child(
      child(child(child(xmlOf(composeShipment(source({ buyer: IP_BUYER }))).tree, 'Документ'), 'СвСчФакт'), 'СвПокуп'),
      'ИдСв',
    );
    expect(names(ip)).toEqual(['СвИП']);
    expect(child(ip, 'СвИП').attributes).toEqual({ ИННФЛ: '500100732259' });
    expect(child(child(ip, 'СвИП'), 'ФИО').attributes).toEqual({ Фамилия: 'Сидоров', Имя: 'Пётр', Отчество: 'Ильич' });
    const person = child(
      child(
        child(child(xmlOf(composeShipment(source({ buyer: PERSON_BUYER }))).tree, 'Документ'), 'СвСчФакт'),
        'СвПокуп',
      ),
      'ИдСв',
    );
    expect(child(person, 'СвФЛУч').attributes).toEqual({});
    expect(child(child(person, 'СвФЛУч'), 'ФИО').attributes).toEqual({ Фамилия: 'Смирнова', Имя: 'Анна' });
  });

  it('a sole trader payer: СвИП with its ИННФЛ, ОГРНИП and name in parts', () => {
    const buyer = buyerFromPayer(
      {
        kind: 'sole_trader',
        full_name: 'Индивидуальный предприниматель Сидоров Пётр Ильич',
        short_name: 'ИП Сидоров П. И.',
        inn: '500100732259',
        kpp: null,
        ogrn: '304500116000157',
        legal_address: '141400, Московская обл., г. Химки, ул. Ленина, д. 1',
        bank_name: 'ПАО Сбербанк',
        bik: '044525225',
        correspondent_account: '30101810400000000225',
        settlement_account: '40802810938000000002',
      },
      '+79995556677',
    );
    const { tree } = xmlOf(composeShipment(source({ buyer })));
    const id = child(child(child(child(tree, 'Документ'), 'СвСчФакт'), 'СвПокуп'), 'ИдСв');
    expect(child(id, 'СвИП').attributes).toEqual({ ИННФЛ: '500100732259', ОГРНИП: '304500116000157' });
    expect(child(child(id, 'СвИП'), 'ФИО').attributes).toEqual({ Фамилия: 'Сидоров', Имя: 'Пётр', Отчество: 'Ильич' });
  });

  it('lines with VAT: columns 1–11, the line with ГТД and country has СвДТ and КрНаимСтрПр, the other has neither', () => {
    const { tree } = xmlOf(composeShipment(source()));
    const table = child(child(tree, 'Документ'), 'ТаблСчФакт');
    expect(names(table)).toEqual(['СведТов', 'СведТов', 'ВсегоОпл']);
    const [first, second] = table.children as [Node, Node];
    // 2 × 3 567,50 = 7 135,00, of which VAT 20/120 = 1 189,17.
    expect(first.attributes).toEqual({
      НомСтр: '1',
      НаимТов: 'BREMBO P 85 020 Колодки тормозные',
      ОКЕИ_Тов: '796',
      НаимЕдИзм: 'шт',
      КолТов: '2',
      ЦенаТов: '2972.92',
      СтТовБезНДС: '5945.83',
      НалСт: '20%',
      СтТовУчНал: '7135.00',
    });
    expect(names(first)).toEqual(['СвДТ', 'ДопСведТов', 'Акциз', 'СумНал']);
    expect(child(first, 'СвДТ').attributes).toEqual({ КодПроисх: '380', НомерДТ: '10702070/080424/3088153' });
    expect(child(first, 'ДопСведТов').attributes).toEqual({
      ПрТовРаб: '1',
      АртикулТов: 'P 85 020',
      КодТов: 'P 85 020',
    });
    expect(child(child(first, 'ДопСведТов'), 'КрНаимСтрПр').text).toBe('Италия');
    expect(child(child(first, 'Акциз'), 'БезАкциз').text).toBe('без акциза');
    expect(child(child(first, 'СумНал'), 'СумНал').text).toBe('1189.17');
    expect(names(second)).toEqual(['ДопСведТов', 'Акциз', 'СумНал']);
    expect(child(second, 'ДопСведТов').children).toEqual([]);
    // 3 × 610,33 = 1 830,99, VAT 305,17.
    expect(child(child(second, 'СумНал'), 'СумНал').text).toBe('305.17');
    const total = child(table, 'ВсегоОпл');
    expect(total.attributes).toEqual({ СтТовБезНДСВсего: '7471.65', СтТовУчНалВсего: '8965.99' });
    expect(child(child(total, 'СумНалВсего'), 'СумНал').text).toBe('1494.34');
  });

  it('status 2 (no VAT): Функция ДОП, НалСт «без НДС», БезНДС in every line and the total', () => {
    const document = composeShipment(source({ vatRate: null }));
    expect(document.status).toBe(2);
    const { tree } = xmlOf(document);
    const doc = child(tree, 'Документ');
    expect(doc.attributes['Функция']).toBe('ДОП');
    expect(doc.attributes['НаимДокОпр']).toMatch(/^Документ об отгрузке/);
    const table = child(doc, 'ТаблСчФакт');
    for (const line of table.children.filter((c) => c.name === 'СведТов')) {
      expect(line.attributes['НалСт']).toBe('без НДС');
      expect(line.attributes['СтТовБезНДС']).toBe(line.attributes['СтТовУчНал']);
      expect(child(child(line, 'СумНал'), 'БезНДС').text).toBe('без НДС');
    }
    expect(child(child(child(table, 'ВсегоОпл'), 'СумНалВсего'), 'БезНДС').text).toBe('без НДС');
    expect(child(table, 'ВсегоОпл').attributes).toEqual({ СтТовБезНДСВсего: '8965.99', СтТовУчНалВсего: '8965.99' });
  });

  it('a УСН rate of 5 %: НалСт «5%» and the VAT inside the price', () => {
    const { tree } = xmlOf(composeShipment(source({ vatRate: 5 })));
    const line = child(child(child(tree, 'Документ'), 'ТаблСчФакт'), 'СведТов');
    expect(line.attributes['НалСт']).toBe('5%');
    // 7 135,00 × 5/105 = 339,76
    expect(child(child(line, 'СумНал'), 'СумНал').text).toBe('339.76');
  });

  it('the transfer (СвПродПер) and the signer (Подписант) as the schema requires', () => {
    const { tree } = xmlOf(composeShipment(source()));
    const doc = child(tree, 'Документ');
    const transfer = child(child(doc, 'СвПродПер'), 'СвПер');
    expect(transfer.attributes).toEqual({ СодОпер: 'Товары переданы', ДатаПер: '27.11.2026' });
    expect(names(transfer)).toEqual(['ОснПер', 'СвЛицПер']);
    expect(child(transfer, 'ОснПер').attributes).toEqual({
      РеквНаимДок: 'Заказ',
      РеквНомерДок: '55',
      РеквДатаДок: '20.11.2026',
    });
    const worker = child(child(transfer, 'СвЛицПер'), 'РабОргПрод');
    expect(worker.attributes).toEqual({ Должность: 'Менеджер' });
    expect(child(worker, 'ФИО').attributes).toEqual({ Фамилия: 'Кузнецова', Имя: 'Мария', Отчество: 'Олеговна' });
    const signer = child(doc, 'Подписант');
    expect(signer.attributes).toEqual({ Должн: 'Менеджер', СпосПодтПолном: '1' });
    expect(names(signer)).toEqual(['ФИО']);
  });

  it('a long name is cut to the 2000 characters of НаимТов; a character outside windows-1251 survives as a reference', () => {
    const lines = [{ ...source().lines[0]!, description: `${LONG_NAME} ✓`, country: 'CN', customsDeclaration: null }];
    const { tree, xml } = xmlOf(composeShipment(source({ lines })));
    const line = child(child(child(tree, 'Документ'), 'ТаблСчФакт'), 'СведТов');
    expect(line.attributes['НаимТов']!.length).toBe(2000);
    expect(child(line, 'СвДТ').attributes).toEqual({ КодПроисх: '156' });
    const short = composeShipment(source({ lines: [{ ...lines[0]!, description: 'Датчик ✓ ABS' }] }));
    const read = xmlOf(short);
    expect(read.xml).toContain('&#10003;');
    expect(child(child(child(read.tree, 'Документ'), 'ТаблСчФакт'), 'СведТов').attributes['НаимТов']).toBe(
      'BREMBO P 85 020 Датчик ✓ ABS',
    );
    expect(xml.length).toBeGreaterThan(0);
  });
});

/** `phrase` in `text`, its words wrapped onto lines anywhere (a narrow column wraps them). */
const words = (phrase: string) =>
  new RegExp(
    phrase
      .split(/\s+/)
      .map((word) => word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
      .join('\\s+'),
  );

describe('the УПД as PDF', () => {
  it('prints the status, both parties with requisites, the lines with country and ГТД, the totals and the words', async () => {
    const text = await pdfText(await renderUpdPdf(composeShipment(source())));
    expect(text).toMatch(/Универсальный\s+передаточный\s+документ/);
    expect(text).toMatch(/Статус:\s*1/);
    expect(text).toContain('Счет-фактура № 17 от 27.11.2026');
    expect(text).toContain('ООО «Деталь-Тест»');
    expect(text).toContain('7701234567/770101001');
    expect(text).toMatch(words('ООО "Авто & Сервис" <Север>'));
    expect(text).toContain('7707083893/773601001');
    expect(text).toContain('№ 314 от 21.11.2026');
    expect(text).toMatch(words('BREMBO P 85 020 Колодки тормозные'));
    expect(text).toMatch(words('KNECHT OC 90 Фильтр масляный'));
    expect(text).toContain('796');
    expect(text).toContain('380');
    expect(text).toContain('Италия');
    expect(text).toContain('10702070/080424/3088153');
    // Totals: without VAT, VAT and with VAT; then the amount in words.
    expect(text).toContain('7 471,65');
    expect(text).toContain('1 494,34');
    expect(text).toContain('8 965,99');
    expect(text).toMatch(words('Восемь тысяч девятьсот шестьдесят пять рублей 99 копеек'));
    expect(text).toContain('Заказ № 55 от 20.11.2026');
    expect(text).toContain('Кузнецова Мария Олеговна');
    expect(text).toMatch(/Товар \(груз\) получил/);
  });

  it('status 2 prints «без НДС» and no VAT sum', async () => {
    const text = await pdfText(await renderUpdPdf(composeShipment(source({ vatRate: null, buyer: PERSON_BUYER }))));
    expect(text).toMatch(/Статус:\s*2/);
    expect(text).toContain('без НДС');
    expect(text).toContain('Без налога (НДС)');
    expect(text).toContain('Смирнова Анна');
  });

  it('a hundred lines flow onto further pages with the header repeated and page numbers', async () => {
    const lines = Array.from({ length: 100 }, (_, index) => ({
      ...source().lines[index % 2]!,
      orderItemId: 1000 + index,
      article: `ART-${index + 1}`,
    }));
    const text = await pdfText(await renderUpdPdf(composeShipment(source({ lines }))));
    expect(text).toContain('ART-100');
    expect(text).toMatch(/страница 1 из [3-9]/);
    expect(text.match(/Налоговая\s+ставка/g)!.length).toBeGreaterThan(2);
  });
});
