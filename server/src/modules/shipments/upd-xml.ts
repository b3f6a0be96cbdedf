import iconv from 'iconv-lite';
import type { ShipmentDocument, UpdParty } from './document.ts';

/**
 * The УПД as the tax service's XML for electronic document operators (Диадок, СБИС): «Файл обмена счета-фактуры,
 * документа об отгрузке товаров …, включающего счет-фактуру (информация продавца)», format 5.03 of ФНС order
 * ЕД-7-26/970@ (schema ON_NSCHFDOPPR_1_997_01_05_03_05.xsd), windows-1251. Status 1 is Функция «СЧФДОП», status 2
 * «ДОП». Elements follow the schema's sequences; lengths are cut to the schema's limits; a character windows-1251
 * has no byte for is written as a character reference, so that nothing is lost. Decision 0053 lists what is filled
 * and why.
 */

export const UPD_FORMAT_VERSION = '5.03';
export const UPD_PROGRAM = 'Detal 1.0';
const KND = '1115131';
const PO_FAKT_HZH =
  'Документ об отгрузке товаров (выполнении работ), передаче имущественных прав (документ об оказании услуг)';
const NAME_OF_DOCUMENT = {
  СЧФДОП:
    'Счет-фактура и документ об отгрузке товаров (выполнении работ), передаче имущественных прав (документ об оказании услуг)',
  ДОП: 'Документ об отгрузке товаров (выполнении работ), передаче имущественных прав (документ об оказании услуг)',
} as const;
const UNKNOWN_ADDRESS = 'не указан';

// The characters windows-1251 encodes (ASCII and the upper half): anything else becomes a character reference.
const CP1251 = new Set<string>();
for (let byte = 0; byte < 256; byte += 1) CP1251.add(iconv.decode(Buffer.from([byte]), 'win1251'));

/** An attribute's or element's text: escaped, control characters dropped, cut to `max` characters. */
function text(value: string, max = 1000): string {
  // eslint-disable-next-line no-control-regex -- XML 1.0 has no place for these
  const clean = [...value.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '').trim()]
    .slice(0, max)
    .join('');
  let out = '';
  for (const char of clean) {
    if (char === '&') out += '&amp;';
    else if (char === '<') out += '&lt;';
    else if (char === '>') out += '&gt;';
    else if (char === '"') out += '&quot;';
    else if (char === '\n') out += '&#10;';
    else if (char === '\r') out += '&#13;';
    else if (char === '\t') out += '&#9;';
    else if (CP1251.has(char) && char !== '\uFFFD') out += char;
    else out += `&#${char.codePointAt(0)};`;
  }
  return out;
}

type Attributes = Record<string, string | null | undefined>;

/** `<name a="…">children</name>`, or self-closed without children; an attribute without a value is left out. */
function element(name: string, attributes: Attributes, ...children: string[]): string {
  const attrs = Object.entries(attributes)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => ` ${key}="${value}"`)
    .join('');
  return children.length === 0 ? `<${name}${attrs}/>` : `<${name}${attrs}>${children.join('')}</${name}>`;
}

/** '1234.50' from kopecks (the schema's decimals use a point). */
const amount = (kopecks: number) => {
  const sign = kopecks < 0 ? '-' : '';
  const digits = String(Math.abs(kopecks)).padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
};

const fio = (person: { lastName: string; firstName: string; middleName: string }) =>
  element('ФИО', {
    Фамилия: text(person.lastName, 60),
    Имя: text(person.firstName, 60),
    Отчество: person.middleName ? text(person.middleName, 60) : null,
  });

/** УчастникТип: identification (organisation, sole trader, person), address, bank. */
function participant(name: string, party: UpdParty): string {
  let id: string;
  if (party.kind === 'company') {
    id = element('СвЮЛУч', {
      НаимОрг: text(party.name, 1000),
      ИННЮЛ: party.inn,
      КПП: party.kpp || null,
    });
  } else if (party.kind === 'entrepreneur') {
    id = element('СвИП', { ИННФЛ: party.inn, ОГРНИП: party.ogrn || null }, fio(party.person!));
  } else {
    id = element('СвФЛУч', { ИННФЛ: party.inn || null }, fio(party.person!));
  }
  const address = element(
    'Адрес',
    {},
    element('АдрИнф', {
      КодСтр: '643',
      НаимСтран: 'Россия',
      АдрТекст: text(party.address || UNKNOWN_ADDRESS, 1000),
    }),
  );
  const bank = party.bank
    ? element(
        'БанкРекв',
        { НомерСчета: text(party.bank.settlementAccount, 34) },
        element('СвБанк', {
          НаимБанк: text(party.bank.name, 1000),
          БИК: party.bank.bik,
          КорСчет: text(party.bank.correspondentAccount, 34),
        }),
      )
    : '';
  const contact = party.phone ? element('Контакт', {}, element('Тлф', {}, text(party.phone, 255))) : '';
  return element(name, {}, element('ИдСв', {}, id), address, ...(bank ? [bank] : []), ...(contact ? [contact] : []));
}

function tableOfGoods(document: ShipmentDocument): string {
  const noVat = document.vatRate === null;
  const taxAmount = (kopecks: number | null) =>
    kopecks === null ? element('БезНДС', {}, 'без НДС') : element('СумНал', {}, amount(kopecks));
  const rows = document.lines.map((line) => {
    const children: string[] = [];
    if (line.country?.code || line.customsDeclaration) {
      children.push(
        element('СвДТ', {
          КодПроисх: line.country?.code ?? null,
          НомерДТ: line.customsDeclaration ? text(line.customsDeclaration, 29) : null,
        }),
      );
    }
    children.push(
      element(
        'ДопСведТов',
        {
          ПрТовРаб: '1',
          АртикулТов: line.article && line.article.length <= 50 ? text(line.article, 50) : null,
          КодТов: line.article ? text(line.article, 100) : null,
        },
        ...(line.country ? [element('КрНаимСтрПр', {}, text(line.country.name, 255))] : []),
      ),
    );
    children.push(element('Акциз', {}, element('БезАкциз', {}, 'без акциза')));
    children.push(element('СумНал', {}, taxAmount(line.vatKopecks)));
    return element(
      'СведТов',
      {
        НомСтр: String(line.position),
        НаимТов: text(line.name || line.article || 'Товар', 2000),
        ОКЕИ_Тов: line.unitCode,
        НаимЕдИзм: line.unit,
        КолТов: String(line.quantity),
        ЦенаТов: amount(line.priceWithoutVatKopecks),
        СтТовБезНДС: amount(line.sumWithoutVatKopecks),
        НалСт: line.vatRateLabel,
        СтТовУчНал: amount(line.sumKopecks),
      },
      ...children,
    );
  });
  const total = element(
    'ВсегоОпл',
    {
      СтТовБезНДСВсего: amount(document.totalWithoutVatKopecks),
      СтТовУчНалВсего: amount(document.totalKopecks),
    },
    element('СумНалВсего', {}, taxAmount(noVat ? null : document.vatKopecks)),
  );
  return element('ТаблСчФакт', {}, ...rows, total);
}

/** The file's name and bytes: `<ИдФайл>.xml`, windows-1251. */
export function renderUpdXml(document: ShipmentDocument): { fileName: string; bytes: Buffer } {
  const { seller } = document;
  const invoice = element(
    'СвСчФакт',
    { НомерДок: text(document.number, 1000), ДатаДок: document.date },
    participant('СвПрод', seller),
    element('ГрузОт', {}, element('ОнЖе', {}, 'он же')),
    participant('ГрузПолуч', document.consignee),
    ...document.payments.map((payment) =>
      element('СвПРД', {
        НомерПРД: text(payment.number, 30),
        ДатаПРД: payment.date,
        СуммаПРД: amount(payment.sumKopecks),
      }),
    ),
    element('ДокПодтвОтгрНом', {
      РеквНаимДок: 'Универсальный передаточный документ',
      РеквНомерДок: text(document.number, 255),
      РеквДатаДок: document.date,
    }),
    participant('СвПокуп', document.buyer),
    element('ДенИзм', { КодОКВ: '643', НаимОКВ: 'Российский рубль' }),
  );
  const basis =
    document.basis.length > 0
      ? document.basis.map((doc) =>
          element('ОснПер', {
            РеквНаимДок: text(doc.name, 255),
            РеквНомерДок: text(doc.number, 255),
            РеквДатаДок: doc.date,
          }),
        )
      : [element('БезДокОснПер', {}, '1')];
  const transfer = element(
    'СвПродПер',
    {},
    element(
      'СвПер',
      { СодОпер: 'Товары переданы', ДатаПер: document.date },
      ...basis,
      element(
        'СвЛицПер',
        {},
        element('РабОргПрод', { Должность: text(document.issuedBy.position, 255) }, fio(document.issuedBy)),
      ),
    ),
  );
  const signer = element(
    'Подписант',
    { Должн: text(document.issuedBy.position, 255), СпосПодтПолном: '1' },
    fio(document.issuedBy),
  );
  const sellerIds = [seller.inn, seller.kpp].filter(Boolean).join('/');
  const body = element(
    'Документ',
    {
      КНД: KND,
      Функция: document.function,
      ПоФактХЖ: PO_FAKT_HZH,
      НаимДокОпр: NAME_OF_DOCUMENT[document.function],
      ДатаИнфПр: document.date,
      ВремИнфПр: document.time,
      НаимЭконСубСост: text(`${seller.name}${sellerIds ? `, ИНН/КПП ${sellerIds}` : ''}`, 1000),
    },
    invoice,
    tableOfGoods(document),
    transfer,
    signer,
  );
  const xml =
    '<?xml version="1.0" encoding="windows-1251"?>\n' +
    element(
      'Файл',
      { ИдФайл: text(document.xml.fileId, 255), ВерсФорм: UPD_FORMAT_VERSION, ВерсПрог: UPD_PROGRAM },
      body,
    ) +
    '\n';
  return { fileName: `${document.xml.fileId}.xml`, bytes: iconv.encode(xml, 'win1251') };
}
