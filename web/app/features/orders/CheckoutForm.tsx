import { useEffect } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Grid,
  Group,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '../../ui/index.ts';
import { Form, Link, useActionData, useNavigation } from 'react-router';
import { calendarDayIn, DEFAULT_TIME_ZONE } from '@detal/contract/browser';
import type { BasketItem, Preorder } from '@detal/contract';
import { chosenMethod, initialCheckoutValues, NEW_ADDRESS, validateCheckout } from './checkout-form.ts';
import type { CheckoutFormValues } from './checkout-form.ts';
import { NEEDS_ADDRESS_FIELD } from './checkout-action.ts';
import type { CheckoutNotice, checkoutAction } from './checkout-action.ts';
import { OrderLines } from './OrderLines.tsx';
import { OrderReadiness } from './OrderReadiness.tsx';
import type { LineView } from './OrderLines.tsx';
import { deliveryPriceText, OrderTotals } from './OrderTotals.tsx';
import { paths } from '../../paths.ts';
import { useCheckoutFields } from './use-checkout-fields.ts';
import { NoReturnMark } from '../../components/NoReturnMark.tsx';
import classes from './orders.module.css';

const preorderLines = (items: BasketItem[]): LineView[] =>
  items.map((item) => ({
    key: item.id,
    brandName: item.brand_name,
    article: item.article,
    description: item.description,
    supplierName: item.supplier_name,
    delivery: item.delivery,
    deliveryProbability: item.delivery_probability,
    price: item.price,
    quantity: item.quantity_in_basket,
    note: (
      <>
        {item.price_changed ? (
          <Text size="xs" tone="warning">
            Цена изменилась с тех пор, как товар добавили в корзину
          </Text>
        ) : null}
        {item.quantity < item.quantity_in_basket ? (
          <Text size="xs" tone="error">
            {item.quantity === 0 ? 'Нет в наличии' : `В наличии только ${item.quantity} шт.`}
          </Text>
        ) : null}
        <NoReturnMark noReturn={item.no_return} />
      </>
    ),
  }));

function NoticeAlert({ notice }: { notice: CheckoutNotice }) {
  const changed = notice.kind === 'changed';
  return (
    <Alert
      color={changed ? 'orange' : 'red'}
      title={changed ? 'Цены или наличие изменились' : 'Заказ не оформлен'}
      role="alert"
      data-testid="checkout-notice"
    >
      <Stack gap={4}>
        {notice.messages.map((message) => (
          <Text size="sm" key={message}>
            {message}
          </Text>
        ))}
        <Text size="sm">
          {changed
            ? 'Ниже — актуальные цены и сумма. Проверьте заказ и подтвердите его ещё раз; если товара не хватает, измените количество '
            : 'Вернитесь '}
          <Anchor component={Link} to={paths.cart()} size="sm">
            в корзину
          </Anchor>
          {changed ? '.' : ' и выберите позиции снова.'}
        </Text>
      </Stack>
    </Alert>
  );
}

interface CheckoutFormProps {
  preorder: Preorder;
}

/**
 * The step-2 form with the order it makes: contact data, delivery method and address, desired date and time,
 * comment; the lines and the total beside. The fields are checked here, then the route's action places the order
 * (checkout-action.ts) and opens it. The server makes a repeated submit (double click, retry) the same order, so
 * the button only guards against needless requests.
 */
/**
 * (issue 30) Who the bill is made out to: one of the client's payers (the default preselected), or the client as
 * a person, as before.
 */
function PayerChoice({
  payers,
  field,
}: {
  payers: Preorder['payers'];
  field: { value: string; error?: string; onChange: (value: string) => void };
}) {
  return (
    <Card withBorder radius="md" padding="md">
      <Radio.Group
        label={
          <Title order={2} size={4} component="span">
            Плательщик
          </Title>
        }
        description="На кого выписать счёт и закрывающие документы"
        {...field}
      >
        <Stack gap="xs" className={classes.choices}>
          {payers.map((payer) => (
            <Radio.Card key={payer.id} value={String(payer.id)} radius="sm" className={classes.choice}>
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator className={classes.indicator} />
                <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                  <Text weight={600} size="sm">
                    {payer.short_name}
                  </Text>
                  <Text size="xs" tone="muted" style={{ overflowWrap: 'anywhere' }}>
                    ИНН {payer.inn}
                    {payer.kpp ? `, КПП ${payer.kpp}` : ''} · {payer.legal_address}
                  </Text>
                </Stack>
              </Group>
            </Radio.Card>
          ))}
          <Radio.Card value="" radius="sm" className={classes.choice}>
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator className={classes.indicator} />
              <Text weight={600} size="sm">
                Как частное лицо
              </Text>
            </Group>
          </Radio.Card>
        </Stack>
      </Radio.Group>
    </Card>
  );
}

export function CheckoutForm({ preorder }: CheckoutFormProps) {
  const refusal = useActionData<typeof checkoutAction>();
  const submitting = useNavigation().state === 'submitting';
  const today = calendarDayIn(DEFAULT_TIME_ZONE);
  const methods = preorder.delivery_method;
  const form = useCheckoutFields(
    () => initialCheckoutValues(preorder),
    (values: CheckoutFormValues) => validateCheckout(values, methods, today),
  );
  const method = chosenMethod(form.values, methods);
  const addresses = preorder.client_shops_delivery_address;
  const { setErrors } = form;

  // The server's field messages go under the fields, as the form's own do.
  useEffect(() => {
    if (refusal) setErrors(refusal.fieldErrors);
  }, [refusal, setErrors]);

  const notice = submitting ? null : refusal?.notice;
  return (
    <Form
      method="post"
      noValidate
      aria-label="Оформление заказа"
      onSubmit={(event) => {
        if (!form.validate()) event.preventDefault();
      }}
    >
      <input type="hidden" name={NEEDS_ADDRESS_FIELD} value={String(method?.needs_address === true)} />
      <input type="hidden" name="delivery_method_id" value={form.values.delivery_method_id} />
      <input type="hidden" name="payer_id" value={form.values.payer_id} />
      <Stack gap="lg">
        {notice ? <NoticeAlert notice={notice} /> : null}

        <Stack gap="sm">
          <Title order={2} size={4}>
            Состав заказа
          </Title>
          <OrderLines lines={preorderLines(preorder.items)} dated />
        </Stack>

        {/* Columns stretch to the row's height: the summary's column must be as tall as the form for it to stick. */}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Stack gap="lg">
              <Card withBorder radius="md" padding="md">
                <Title order={2} size={4} className={classes.cardTitle}>
                  Контактные данные
                </Title>
                <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" verticalSpacing="sm">
                  <TextInput
                    label="Фамилия"
                    required
                    autoComplete="family-name"
                    name="last_name"
                    {...form.field('last_name')}
                  />
                  <TextInput
                    label="Имя"
                    required
                    autoComplete="given-name"
                    name="first_name"
                    {...form.field('first_name')}
                  />
                  <TextInput
                    label="Отчество"
                    autoComplete="additional-name"
                    name="middle_name"
                    {...form.field('middle_name')}
                  />
                  <TextInput
                    label="Телефон"
                    required
                    type="tel"
                    autoComplete="tel"
                    placeholder="+7 999 123-45-67"
                    name="phone_number"
                    {...form.field('phone_number')}
                  />
                  <TextInput
                    label="E-mail"
                    required
                    type="email"
                    autoComplete="email"
                    name="client_shops_email"
                    {...form.field('client_shops_email')}
                  />
                  <TextInput
                    label="Компания"
                    autoComplete="organization"
                    name="company_name"
                    {...form.field('company_name')}
                  />
                </SimpleGrid>
              </Card>

              {preorder.payers.length > 0 ? (
                <PayerChoice payers={preorder.payers} field={form.field('payer_id')} />
              ) : null}

              <Card withBorder radius="md" padding="md">
                <Radio.Group
                  label={
                    <Title order={2} size={4} component="span">
                      Способ получения
                    </Title>
                  }
                  {...form.field('delivery_method_id')}
                >
                  <Stack gap="xs" className={classes.choices}>
                    {methods.map((option) => (
                      <Radio.Card key={option.id} value={String(option.id)} radius="sm" className={classes.choice}>
                        <Group wrap="nowrap" align="flex-start" gap="sm">
                          <Radio.Indicator className={classes.indicator} />
                          <Stack gap={2} style={{ flex: 1 }}>
                            <Group justify="space-between" gap="xs" wrap="nowrap">
                              <Text weight={600} size="sm">
                                {option.name}
                              </Text>
                              <Text weight={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
                                {deliveryPriceText(option.price)}
                              </Text>
                            </Group>
                            {option.description ? (
                              <Text size="xs" tone="muted">
                                {option.description}
                              </Text>
                            ) : null}
                          </Stack>
                        </Group>
                      </Radio.Card>
                    ))}
                  </Stack>
                </Radio.Group>

                {method?.needs_address ? (
                  <Stack gap="xs" className={classes.address}>
                    {addresses.length > 0 ? (
                      <Radio.Group
                        label="Адрес доставки"
                        required
                        name="address_choice"
                        {...form.field('address_choice')}
                      >
                        <Stack gap={6} className={classes.addressChoices}>
                          {addresses.map((address) => (
                            <Radio key={address.id} value={String(address.id)} label={address.address} />
                          ))}
                          <Radio value={NEW_ADDRESS} label="Другой адрес" />
                        </Stack>
                      </Radio.Group>
                    ) : null}
                    {addresses.length === 0 || form.values.address_choice === NEW_ADDRESS ? (
                      <Textarea
                        label={addresses.length === 0 ? 'Адрес доставки' : 'Новый адрес'}
                        required
                        autosize
                        minRows={2}
                        placeholder="Город, улица, дом, квартира или офис"
                        autoComplete="street-address"
                        name="delivery_address"
                        {...form.field('delivery_address')}
                      />
                    ) : null}
                  </Stack>
                ) : null}
              </Card>

              <Card withBorder radius="md" padding="md">
                <Title order={2} size={4} className={classes.cardTitle}>
                  Когда удобно получить
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <TextInput
                    type="date"
                    label="Желаемая дата"
                    description="Необязательно"
                    min={today}
                    name="desired_date"
                    {...form.field('desired_date')}
                  />
                  <TextInput
                    label="Желаемое время"
                    description="чч:мм, необязательно"
                    placeholder="10:00"
                    inputMode="numeric"
                    name="desired_time"
                    {...form.field('desired_time')}
                  />
                </SimpleGrid>
                <Textarea
                  className={classes.choices}
                  label="Комментарий к заказу"
                  autosize
                  minRows={2}
                  maxRows={6}
                  name="comment"
                  {...form.field('comment')}
                />
              </Card>

              <ReplacementTolerance form={form} />
            </Stack>
          </Grid.Col>

          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Card withBorder radius="md" padding="md" style={{ position: 'sticky', top: 16 }}>
              <Stack gap="md">
                <Title order={2} size={4}>
                  Итого
                </Title>
                <OrderTotals goods={preorder.count_total_price_item} delivery={method ? method.price : null} />
                {preorder.credit_hold ? (
                  // The credit check (issue 31): the order will be accepted and held; said before placing. A ready
                  // day would assume the work starts today: the lead time counts from the release instead.
                  <>
                    <Text size="sm" data-testid="order-ready-after-hold">
                      Срок готовности отсчитаем с передачи заказа в работу
                    </Text>
                    <Text role="status" weight={600} tone="warning">
                      {preorder.credit_hold.message}
                    </Text>
                  </>
                ) : (
                  <OrderReadiness deliveries={preorder.items.map((item) => item.delivery)} />
                )}
                <Button type="submit" size="md" fullWidth loading={submitting}>
                  Подтвердить заказ
                </Button>
                <Text size="xs" tone="muted">
                  После подтверждения мы выставим счёт на оплату. Выбранные позиции уйдут из корзины, остальные
                  останутся.
                </Text>
              </Stack>
            </Card>
          </Grid.Col>
        </Grid>
      </Stack>
    </Form>
  );
}

/**
 * (issue 29) «Если поставщик откажет»: the client may accept a replacement of a refused line within limits, so that
 * the shop re-orders it elsewhere by itself and says what changed. Off by default; the limits show when it is on.
 */
function ReplacementTolerance({ form }: { form: ReturnType<typeof useCheckoutFields> }) {
  const allowed = form.values.replacement_allowed === 'on';
  const toggle = form.field('replacement_allowed').onChange;
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={2} size={4} className={classes.cardTitle}>
        Если поставщик откажет
      </Title>
      <Checkbox
        name="replacement_allowed"
        value="on"
        checked={allowed}
        onChange={(event) => toggle(event.currentTarget.checked ? 'on' : '')}
        label="Разрешаю замену"
        description="Закажем ту же деталь у другого поставщика без звонка и сообщим, что изменилось"
      />
      {allowed ? (
        <SimpleGrid cols={2} spacing="sm" className={classes.choices}>
          <TextInput
            label="Цена выше не более чем на, %"
            inputMode="numeric"
            maxLength={2}
            name="replacement_max_price_percent"
            {...form.field('replacement_max_price_percent')}
          />
          <TextInput
            label="Срок дольше не более чем на, дней"
            inputMode="numeric"
            maxLength={2}
            name="replacement_max_extra_days"
            {...form.field('replacement_max_extra_days')}
          />
        </SimpleGrid>
      ) : null}
    </Card>
  );
}
