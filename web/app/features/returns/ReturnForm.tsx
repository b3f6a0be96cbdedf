import { useCallback, useEffect, useState } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { formatRoubles, orderLabel, RETURN_REASON_NAMES, RETURN_REASONS } from '@detal/contract/browser';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  NativeSelect,
  NumberInput,
  Stack,
  Text,
  Textarea,
} from '../../ui/index.ts';
import { paths } from '../../paths.ts';
import type { IssuedLine } from './order-returns.server.ts';
import { PhotoPicker } from './PhotoPicker.tsx';
import type { ReturnFormRefusal } from './return-form.ts';
import classes from './Returns.module.css';

const REASON_OPTIONS = [
  { value: '', label: 'Выберите причину' },
  ...RETURN_REASONS.map((reason) => ({ value: reason, label: RETURN_REASON_NAMES[reason] })),
];

/** The issued line being returned: what it is, how many were issued and at what price, by which document. */
function IssuedFacts({ orderId, line }: { orderId: number; line: IssuedLine }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap={4}>
        <Text weight={600}>
          {line.brand} {line.article}
        </Text>
        <Text size="sm" tone="muted">
          {line.description}
        </Text>
        <Text size="sm">
          Выдано: {line.quantity} шт. по {formatRoubles(line.price)} · УПД № {line.shipment_number} от{' '}
          {line.shipment_date} ·{' '}
          <Anchor component={Link} to={paths.order(orderId)} size="sm">
            {orderLabel(orderId)}
          </Anchor>
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * The request to return an issued line (issue 32, point 2): how many, why, a comment and up to five photos. A
 * plain form posted to the page's action, so it works without scripts; with them the photos go first, one by one.
 */
export function ReturnForm({
  orderId,
  line,
  refusal,
}: {
  orderId: number;
  line: IssuedLine;
  refusal: ReturnFormRefusal | undefined;
}) {
  const navigation = useNavigation();
  const [uploading, setUploading] = useState(false);
  const onBusy = useCallback((busy: boolean) => setUploading(busy), []);
  const values = refusal?.values;
  // A field's refusal stays until the client changes that field: then it speaks of a value no longer there.
  const [changed, setChanged] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => setChanged(new Set()), [refusal]);
  const errorOf = (field: 'quantity' | 'reason' | 'comment') =>
    changed.has(field) ? undefined : refusal?.errors[field];
  const onChange = (event: { target: EventTarget | null }) => {
    const name = (event.target as HTMLInputElement | null)?.name;
    if (name && !changed.has(name)) setChanged(new Set([...changed, name]));
  };
  const errors = refusal?.errors ?? {};
  const sending = navigation.state === 'submitting';
  return (
    <Stack gap="md" className={classes.returnForm}>
      <IssuedFacts orderId={orderId} line={line} />
      <Form method="post" encType="multipart/form-data" aria-label="Заявка на возврат" onChange={onChange}>
        <Stack gap="sm">
          {errors.form ? (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          ) : null}
          <NumberInput
            name="quantity"
            label="Количество, шт."
            description={`Не больше выданного: ${line.quantity} шт.`}
            defaultValue={values?.quantity ?? '1'}
            allowDecimal={false}
            allowNegative={false}
            error={errorOf('quantity')}
            required
            className={classes.quantityField}
          />
          <NativeSelect
            name="reason"
            label="Причина"
            data={REASON_OPTIONS}
            defaultValue={values?.reason ?? ''}
            error={errorOf('reason')}
            required
          />
          <Textarea
            name="comment"
            label="Комментарий"
            description="Что не так с товаром: подробности помогут решить быстрее"
            defaultValue={values?.comment ?? ''}
            error={errorOf('comment')}
            maxLength={2000}
            minRows={3}
            autosize
          />
          <PhotoPicker error={errors.photos} onBusy={onBusy} />
          <Group gap="sm" className={classes.formActions}>
            <Button type="submit" loading={sending} disabled={uploading}>
              Отправить заявку
            </Button>
            <Anchor component={Link} to={paths.order(orderId)} size="sm">
              Отмена
            </Anchor>
          </Group>
          {uploading ? (
            <Text size="xs" tone="muted" role="status">
              Дождитесь загрузки фотографий.
            </Text>
          ) : null}
        </Stack>
      </Form>
    </Stack>
  );
}
