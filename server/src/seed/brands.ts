/**
 * Brands of the demo catalogue. `aliases` are other spellings seen in price lists; each is matched after
 * normalizeBrandName(), so only spellings that normalize differently from the name need listing.
 * `priceFactor` (per mille) places the brand in the market: original parts cost more, budget brands less.
 */
export interface DemoBrand {
  name: string;
  aliases: string[];
  kind: 'aftermarket' | 'oem';
  priceFactor: number;
}

export const demoBrands: readonly DemoBrand[] = [
  {
    name: 'MANN-FILTER',
    aliases: ['MANN', 'Mann-Filter', 'MANN FILTER', 'MANN+HUMMEL'],
    kind: 'aftermarket',
    priceFactor: 1000,
  },
  { name: 'MAHLE', aliases: ['MAHLE ORIGINAL', 'MAHLE FILTER'], kind: 'aftermarket', priceFactor: 1050 },
  { name: 'KNECHT', aliases: ['KNECHT FILTER'], kind: 'aftermarket', priceFactor: 980 },
  { name: 'BOSCH', aliases: ['ROBERT BOSCH'], kind: 'aftermarket', priceFactor: 1100 },
  { name: 'FILTRON', aliases: [], kind: 'aftermarket', priceFactor: 780 },
  { name: 'UFI', aliases: ['UFI FILTERS'], kind: 'aftermarket', priceFactor: 820 },
  { name: 'DENSO', aliases: ['NIPPONDENSO'], kind: 'aftermarket', priceFactor: 1080 },
  { name: 'TRW', aliases: ['TRW AUTOMOTIVE', 'ZF TRW'], kind: 'aftermarket', priceFactor: 1000 },
  { name: 'ATE', aliases: ['ATE CONTINENTAL'], kind: 'aftermarket', priceFactor: 1060 },
  { name: 'BREMBO', aliases: [], kind: 'aftermarket', priceFactor: 1200 },
  { name: 'TEXTAR', aliases: [], kind: 'aftermarket', priceFactor: 1080 },
  { name: 'FERODO', aliases: [], kind: 'aftermarket', priceFactor: 950 },
  { name: 'FEBI BILSTEIN', aliases: ['FEBI', 'FEBI-BILSTEIN'], kind: 'aftermarket', priceFactor: 900 },
  { name: 'SACHS', aliases: ['ZF SACHS'], kind: 'aftermarket', priceFactor: 1050 },
  { name: 'KYB', aliases: ['KAYABA'], kind: 'aftermarket', priceFactor: 1000 },
  { name: 'MONROE', aliases: [], kind: 'aftermarket', priceFactor: 950 },
  { name: 'BILSTEIN', aliases: [], kind: 'aftermarket', priceFactor: 1350 },
  { name: 'LEMFORDER', aliases: ['LEMFÖRDER', 'ZF LEMFORDER'], kind: 'aftermarket', priceFactor: 1100 },
  { name: 'MOOG', aliases: [], kind: 'aftermarket', priceFactor: 900 },
  { name: 'GATES', aliases: [], kind: 'aftermarket', priceFactor: 1000 },
  { name: 'CONTITECH', aliases: ['CONTINENTAL CONTITECH', 'CONTI'], kind: 'aftermarket', priceFactor: 1000 },
  { name: 'DAYCO', aliases: [], kind: 'aftermarket', priceFactor: 900 },
  { name: 'INA', aliases: ['INA-SCHAEFFLER'], kind: 'aftermarket', priceFactor: 1100 },
  { name: 'SKF', aliases: [], kind: 'aftermarket', priceFactor: 1080 },
  { name: 'FAG', aliases: ['FAG-SCHAEFFLER'], kind: 'aftermarket', priceFactor: 1050 },
  { name: 'VALEO', aliases: [], kind: 'aftermarket', priceFactor: 980 },
  { name: 'LUK', aliases: ['LuK'], kind: 'aftermarket', priceFactor: 1050 },
  { name: 'NGK', aliases: ['NGK SPARK PLUG', 'NGK/NTK'], kind: 'aftermarket', priceFactor: 1000 },
  { name: 'BERU', aliases: ['BERU BY DRIV'], kind: 'aftermarket', priceFactor: 950 },
  { name: 'NISSENS', aliases: [], kind: 'aftermarket', priceFactor: 950 },
  { name: 'ELRING', aliases: [], kind: 'aftermarket', priceFactor: 1000 },
  { name: 'VICTOR REINZ', aliases: ['REINZ'], kind: 'aftermarket', priceFactor: 1000 },
  { name: 'OSRAM', aliases: [], kind: 'aftermarket', priceFactor: 1000 },
  { name: 'PHILIPS', aliases: [], kind: 'aftermarket', priceFactor: 1050 },
  { name: 'VAG', aliases: ['VW', 'VOLKSWAGEN', 'AUDI', 'SKODA', 'SEAT', 'VW/AUDI'], kind: 'oem', priceFactor: 1600 },
  { name: 'TOYOTA', aliases: ['LEXUS', 'TOYOTA/LEXUS'], kind: 'oem', priceFactor: 1550 },
  {
    name: 'HYUNDAI/KIA',
    aliases: ['HYUNDAI', 'KIA', 'MOBIS', 'HYUNDAI-KIA', 'KIA/HYUNDAI'],
    kind: 'oem',
    priceFactor: 1350,
  },
  { name: 'NISSAN', aliases: ['INFINITI', 'NISSAN/INFINITI'], kind: 'oem', priceFactor: 1500 },
  { name: 'RENAULT', aliases: ['DACIA'], kind: 'oem', priceFactor: 1300 },
  { name: 'LADA', aliases: ['ВАЗ', 'АВТОВАЗ', 'AVTOVAZ', 'LADA/ВАЗ'], kind: 'oem', priceFactor: 800 },
  { name: 'BMW', aliases: ['BMW AG', 'MINI'], kind: 'oem', priceFactor: 1800 },
  { name: 'MERCEDES-BENZ', aliases: ['MERCEDES', 'MB', 'DAIMLER'], kind: 'oem', priceFactor: 1850 },
  { name: 'FORD', aliases: ['FORD MOTOR'], kind: 'oem', priceFactor: 1450 },
];

export type OemBrandName =
  'VAG' | 'TOYOTA' | 'HYUNDAI/KIA' | 'NISSAN' | 'RENAULT' | 'LADA' | 'BMW' | 'MERCEDES-BENZ' | 'FORD';

/** Models each maker's original parts fit, used in descriptions. */
export const vehiclesByOemBrand: Readonly<Record<OemBrandName, readonly string[]>> = {
  VAG: ['VW Polo', 'VW Golf', 'VW Tiguan', 'Skoda Octavia', 'Skoda Rapid', 'Audi A4', 'Audi A6'],
  TOYOTA: ['Toyota Camry', 'Toyota Corolla', 'Toyota RAV4', 'Toyota Land Cruiser Prado', 'Lexus RX'],
  'HYUNDAI/KIA': ['Hyundai Solaris', 'Hyundai Creta', 'Hyundai Tucson', 'Kia Rio', 'Kia Sportage', 'Kia Ceed'],
  NISSAN: ['Nissan Qashqai', 'Nissan X-Trail', 'Nissan Almera', 'Nissan Terrano'],
  RENAULT: ['Renault Logan', 'Renault Sandero', 'Renault Duster', 'Renault Kaptur'],
  LADA: ['Lada Vesta', 'Lada Granta', 'Lada Largus', 'Lada Niva Legend', 'Lada XRAY'],
  BMW: ['BMW 3 F30', 'BMW 5 F10', 'BMW X3 F25', 'BMW X5 E70'],
  'MERCEDES-BENZ': ['Mercedes-Benz C W205', 'Mercedes-Benz E W212', 'Mercedes-Benz GLC X253'],
  FORD: ['Ford Focus III', 'Ford Mondeo IV', 'Ford Kuga II', 'Ford Transit'],
};
