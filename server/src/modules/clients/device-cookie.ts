import { SHOP_API_PREFIX, shopEndpoints } from '@detal/contract';
import { deviceCookies } from '../../http/device-cookie.ts';

/** The storefront's device cookies (decision 0017): SameSite=Lax, sent only with the client's sign-in. */
export const clientDevices = deviceCookies({
  name: 'detal_device',
  path: SHOP_API_PREFIX + shopEndpoints['client-login'].path,
  tag: 'v1',
  sameSite: 'lax',
});

export const DEVICE_COOKIE = clientDevices.name;
