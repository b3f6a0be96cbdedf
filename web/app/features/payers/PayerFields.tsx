import { useState } from 'react';
import type { Payer } from '@detal/contract';
import { SegmentedControl, SimpleGrid, Stack, Text, TextInput, Textarea } from '../../ui/index.ts';
import type { PayerErrors } from './payer-form.ts';
import classes from './payers.module.css';

const KINDS = [
  { value: 'legal_entity', label: 'Юридическое лицо' },
  { value: 'sole_trader', label: 'ИП' },
];

/**
 * A payer's requisites as a form's fields (uncontrolled, named `prefix` + the request's field): the form of the
 * organisation first (it decides whether a KPP is asked and whether the registration number is an OGRN or an
 * OGRNIP), then the names, the numbers and the bank. Used by registration and by the account's payers.
 */
export function PayerFields({
  prefix = '',
  defaults,
  errors,
}: {
  prefix?: string;
  defaults?: Partial<Payer>;
  errors?: PayerErrors;
}) {
  const [kind, setKind] = useState<string>(defaults?.kind ?? 'legal_entity');
  const legal = kind === 'legal_entity';
  const name = (field: string) => prefix + field;
  return (
    <Stack gap="sm">
      <div>
        <Text size="sm" weight={500} className={classes.kindLabel} id={`${prefix}kind-label`}>
          Форма
        </Text>
        <SegmentedControl
          name={name('kind')}
          data={KINDS}
          value={kind}
          onChange={setKind}
          aria-labelledby={`${prefix}kind-label`}
        />
        {errors?.kind ? (
          <Text size="sm" tone="error" className={classes.kindError}>
            {errors.kind}
          </Text>
        ) : null}
      </div>
      <TextInput
        label={legal ? 'Полное наименование' : 'ФИО предпринимателя полностью'}
        name={name('full_name')}
        placeholder={
          legal
            ? 'Общество с ограниченной ответственностью «Колесо»'
            : 'Индивидуальный предприниматель Петров Иван Сергеевич'
        }
        required
        defaultValue={defaults?.full_name}
        error={errors?.full_name}
      />
      <TextInput
        label="Краткое наименование"
        name={name('short_name')}
        placeholder={legal ? 'ООО «Колесо»' : 'ИП Петров И. С.'}
        required
        defaultValue={defaults?.short_name}
        error={errors?.short_name}
      />
      <SimpleGrid cols={{ base: 1, md: legal ? 3 : 2 }} spacing="sm">
        <TextInput
          label="ИНН"
          name={name('inn')}
          inputMode="numeric"
          description={legal ? '10 цифр' : '12 цифр'}
          required
          defaultValue={defaults?.inn}
          error={errors?.inn}
        />
        {legal ? (
          <TextInput
            label="КПП"
            name={name('kpp')}
            description="9 символов"
            required
            defaultValue={defaults?.kpp ?? undefined}
            error={errors?.kpp}
          />
        ) : null}
        <TextInput
          label={legal ? 'ОГРН' : 'ОГРНИП'}
          name={name('ogrn')}
          inputMode="numeric"
          description={legal ? '13 цифр' : '15 цифр'}
          required
          defaultValue={defaults?.ogrn}
          error={errors?.ogrn}
        />
      </SimpleGrid>
      <Textarea
        label="Юридический адрес"
        name={name('legal_address')}
        rows={2}
        required
        defaultValue={defaults?.legal_address}
        error={errors?.legal_address}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        <TextInput
          label="Банк"
          name={name('bank_name')}
          placeholder="ПАО Сбербанк"
          required
          defaultValue={defaults?.bank_name}
          error={errors?.bank_name}
        />
        <TextInput
          label="БИК"
          name={name('bik')}
          inputMode="numeric"
          description="9 цифр, начинается с 04"
          required
          defaultValue={defaults?.bik}
          error={errors?.bik}
        />
        <TextInput
          label="Расчётный счёт"
          name={name('settlement_account')}
          inputMode="numeric"
          description="20 цифр"
          required
          defaultValue={defaults?.settlement_account}
          error={errors?.settlement_account}
        />
        <TextInput
          label="Корреспондентский счёт"
          name={name('correspondent_account')}
          inputMode="numeric"
          description="20 цифр, начинается с 30101"
          required
          defaultValue={defaults?.correspondent_account}
          error={errors?.correspondent_account}
        />
      </SimpleGrid>
    </Stack>
  );
}
