import { eq } from 'drizzle-orm';
import {
  DEFAULT_CONFIRMATION_TEMPLATE,
  DEFAULT_ORDER_TEMPLATE,
  SUPPLIER_NOT_FOUND_MESSAGE,
  confirmationFileTemplateSchema,
  orderFileTemplateSchema,
  type ConfirmationFileTemplate,
  type OrderFileTemplate,
  type SupplierOrderChannel,
  type SupplierOrderChannelSaveRequest,
  type SupplierOrderChannelSettings,
} from '@detal/contract';
import type { Database, DbExecutor, Tx } from '../../../db/index.ts';
import { supplierPurchaseSettings, suppliers } from '../../../db/schema/index.ts';
import { emit } from '../../../events/bus.ts';
import { notFound, validationFailed } from '../../../http/errors.ts';
import { SecretNotOpened, type SecretBox } from '../../../shared/secret-box.ts';
import { positionStatusMapSchema, type PositionStatusMap } from '../position-states.ts';
import { SupplierChannelError } from '../supplier-channel.ts';
import { AbcpChannel, type AbcpOrderSettings } from './abcp/abcp-channel.ts';
import type { ChannelLog } from './abcp/abcp-http.ts';
import type { OutboundRules } from '../../supplier-sources/outbound-address.ts';

/**
 * A supplier's ordering channel as the back office sets it (issue 29 point 2, decision 0050): audited without the
 * password, the password sealed at rest and answered only as «set».
 */

export type SettingsRow = typeof supplierPurchaseSettings.$inferSelect;

/** The sealed password's place: a value copied to another supplier's row does not open. */
export const passwordContext = (supplierId: number) => `supplier-channel:${supplierId}:password`;

interface ApiOptions {
  payment_method_id?: string;
  shipment_method_id?: string | null;
  shipment_address_id?: string | null;
  shipment_office_id?: string | null;
  use_online_stocks?: boolean;
}

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

export function orderTemplateOf(row: SettingsRow | null): OrderFileTemplate {
  const parsed = row ? orderFileTemplateSchema.safeParse(row.orderTemplate) : null;
  return parsed?.success ? parsed.data : DEFAULT_ORDER_TEMPLATE;
}

export function confirmationTemplateOf(row: SettingsRow | null): ConfirmationFileTemplate {
  const parsed = row ? confirmationFileTemplateSchema.safeParse(row.confirmationTemplate) : null;
  return parsed?.success ? parsed.data : DEFAULT_CONFIRMATION_TEMPLATE;
}

export function statusMapOf(row: SettingsRow): PositionStatusMap {
  const parsed = positionStatusMapSchema.safeParse(row.statusMap);
  return parsed.success ? parsed.data : {};
}

function toSettings(supplier: { id: number; name: string }, row: SettingsRow | null): SupplierOrderChannelSettings {
  const options = (row?.apiOptions ?? {}) as ApiOptions;
  return {
    supplier_id: supplier.id,
    supplier_name: supplier.name,
    channel: (row?.channel ?? 'manual') as SupplierOrderChannel,
    order_email: row?.orderEmail ?? null,
    order_template: orderTemplateOf(row),
    confirmation_template: confirmationTemplateOf(row),
    api:
      row && row.apiKind === 'abcp' && row.apiBaseUrl && row.apiLogin
        ? {
            kind: 'abcp',
            base_url: row.apiBaseUrl,
            login: row.apiLogin,
            password_set: row.apiPasswordSealed !== null,
            payment_method_id: options.payment_method_id ?? '',
            shipment_method_id: options.shipment_method_id ?? null,
            shipment_address_id: options.shipment_address_id ?? null,
            shipment_office_id: options.shipment_office_id ?? null,
            use_online_stocks: options.use_online_stocks ?? true,
          }
        : null,
    status_map: row ? statusMapOf(row) : {},
    last_polled_at: iso(row?.lastPolledAt ?? null),
    last_error: row?.lastError ?? null,
    last_error_at: iso(row?.lastErrorAt ?? null),
    failures: row?.failures ?? 0,
    next_poll_at: iso(row?.nextPollAt ?? null),
  };
}

async function supplierOrNotFound(db: DbExecutor, supplierId: number) {
  const [supplier] = await db
    .select({ id: suppliers.id, name: suppliers.name })
    .from(suppliers)
    .where(eq(suppliers.id, supplierId));
  if (!supplier) throw notFound(SUPPLIER_NOT_FOUND_MESSAGE);
  return supplier;
}

export async function findSettings(db: DbExecutor, supplierId: number): Promise<SettingsRow | null> {
  const [row] = await db
    .select()
    .from(supplierPurchaseSettings)
    .where(eq(supplierPurchaseSettings.supplierId, supplierId));
  return row ?? null;
}

async function lockSettings(tx: Tx, supplierId: number): Promise<SettingsRow | null> {
  const [row] = await tx
    .select()
    .from(supplierPurchaseSettings)
    .where(eq(supplierPurchaseSettings.supplierId, supplierId))
    .for('update');
  return row ?? null;
}

export async function showChannelSettings(db: DbExecutor, supplierId: number): Promise<SupplierOrderChannelSettings> {
  const supplier = await supplierOrNotFound(db, supplierId);
  return toSettings(supplier, await findSettings(db, supplierId));
}

/** The audit log's view: never the password, nor its seal; only whether it changed. */
const audited = (row: SettingsRow | null) =>
  row && {
    channel: row.channel,
    order_email: row.orderEmail,
    order_template: row.orderTemplate,
    confirmation_template: row.confirmationTemplate,
    api_kind: row.apiKind,
    api_base_url: row.apiBaseUrl,
    api_login: row.apiLogin,
    api_options: row.apiOptions,
    status_map: row.statusMap,
  };

/**
 * Saves a supplier's channel (audited). The e-mail channel needs an order address, the API one an address, login
 * and password. A new address, login or password forgets the API's failures and polls at once.
 */
export async function saveChannelSettings(
  db: Database['db'],
  box: SecretBox,
  request: SupplierOrderChannelSaveRequest,
  context: { staffId: number; now: Date },
): Promise<SupplierOrderChannelSettings> {
  if (request.channel === 'email' && request.order_email === null) {
    throw validationFailed({ order_email: ['Укажите e-mail поставщика для заказов'] });
  }
  if (request.channel === 'api' && request.api === null) {
    throw validationFailed({ api: ['Укажите адрес, логин и пароль API поставщика'] });
  }
  return db.transaction(async (tx) => {
    const supplier = await supplierOrNotFound(tx, request.supplier_id);
    const before = await lockSettings(tx, request.supplier_id);
    const api = request.api;
    let sealed: string | null = null;
    if (api) {
      if (api.password === undefined) sealed = before?.apiPasswordSealed ?? null;
      else if (api.password) sealed = box.seal(api.password, passwordContext(request.supplier_id));
    }
    if (request.channel === 'api' && sealed === null) {
      throw validationFailed({ 'api.password': ['Введите пароль API поставщика'] });
    }
    const apiChanged =
      !before ||
      before.apiBaseUrl !== (api?.base_url ?? null) ||
      before.apiLogin !== (api?.login ?? null) ||
      before.apiPasswordSealed !== sealed;
    const polled = request.channel === 'api';
    const values = {
      channel: request.channel,
      orderEmail: request.order_email,
      orderTemplate: request.order_template,
      confirmationTemplate: request.confirmation_template,
      apiKind: api ? api.kind : null,
      apiBaseUrl: api?.base_url ?? null,
      apiLogin: api?.login ?? null,
      apiPasswordSealed: sealed,
      apiOptions: api
        ? ({
            payment_method_id: api.payment_method_id,
            shipment_method_id: api.shipment_method_id,
            shipment_address_id: api.shipment_address_id,
            shipment_office_id: api.shipment_office_id,
            use_online_stocks: api.use_online_stocks,
          } satisfies ApiOptions)
        : {},
      statusMap: request.status_map ?? (before ? before.statusMap : {}),
      nextPollAt: polled ? (apiChanged || !before?.nextPollAt ? context.now : before.nextPollAt) : null,
      ...(apiChanged ? { failures: 0, lastError: null, lastErrorAt: null } : {}),
      updatedAt: context.now,
    };
    const [after] = await tx
      .insert(supplierPurchaseSettings)
      .values({ supplierId: request.supplier_id, ...values })
      .onConflictDoUpdate({ target: supplierPurchaseSettings.supplierId, set: values })
      .returning();
    await emit(tx, 'StaffWrite', {
      staffId: context.staffId,
      action: before ? 'supplier_channel.update' : 'supplier_channel.create',
      entity: 'supplier',
      entityId: request.supplier_id,
      before: audited(before),
      after: { ...audited(after!), credentials_changed: (before?.apiPasswordSealed ?? null) !== sealed },
      at: context.now,
    });
    return toSettings(supplier, after!);
  });
}

/** How the API is reached: the outbound policy, a deadline, the log (never given the credentials). */
export interface ChannelTransport {
  outbound: OutboundRules;
  timeoutMs?: number;
  log?: ChannelLog;
}

/** The supplier's API channel from its settings; a SupplierChannelError when it is not set or cannot open. */
export function apiChannelOf(row: SettingsRow | null, box: SecretBox, transport: ChannelTransport): AbcpChannel {
  if (!row || row.apiKind !== 'abcp' || !row.apiBaseUrl || !row.apiLogin || !row.apiPasswordSealed) {
    throw new SupplierChannelError('refused', 'У поставщика не настроено API: адрес, логин и пароль');
  }
  let password: string;
  try {
    password = box.open(row.apiPasswordSealed, passwordContext(row.supplierId));
  } catch (error) {
    if (error instanceof SecretNotOpened) throw new SupplierChannelError('credentials', error.message);
    throw error;
  }
  const options = row.apiOptions as ApiOptions;
  const order: AbcpOrderSettings = { paymentMethodId: options.payment_method_id ?? '' };
  if (options.shipment_method_id) order.shipmentMethodId = options.shipment_method_id;
  if (options.shipment_address_id) order.shipmentAddressId = options.shipment_address_id;
  if (options.shipment_office_id) order.shipmentOfficeId = options.shipment_office_id;
  return new AbcpChannel({
    credentials: { baseUrl: row.apiBaseUrl, login: row.apiLogin, password },
    order,
    statusMap: statusMapOf(row),
    useOnlineStocks: options.use_online_stocks ?? true,
    ...transport,
  });
}
