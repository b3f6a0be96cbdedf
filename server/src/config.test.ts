import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs a demo shop on the embedded database with no variables set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: path.resolve('./data'),
      seedOffers: 50_000,
      corsOrigins: [],
      trustProxy: false,
      shopTimeZone: 'Europe/Moscow',
    });
  });

  it('has no public default catalogue key, and PUBLIC_URL follows the listening address when unset', () => {
    expect(loadConfig({})).toMatchObject({
      techCatalogKey: undefined,
      publicUrl: 'http://localhost:3000',
      publicUrlConfigured: false,
    });
    expect(loadConfig({ HOST: '10.0.0.5', PORT: '8080' })).toMatchObject({ publicUrl: 'http://10.0.0.5:8080' });
    expect(loadConfig({ HOST: '::1', PORT: '8080' })).toMatchObject({ publicUrl: 'http://[::1]:8080' });
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example' })).toMatchObject({ publicUrlConfigured: true });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({ databaseUrl: undefined, port: 3000 });
  });

  it('reads lists, hop counts and numbers', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://shop@db:5432/detal',
      CORS_ORIGINS: 'https://a.example, https://b.example',
      TRUST_PROXY: '1',
      PORT: '8080',
      PUBLIC_URL: 'https://shop.example/',
      SUPPLIER_SOURCES_ALLOWED_HOSTS: ' prices.lan, 192.168.10.5 ,10.20.0.0/16,[fd00::1],',
      UPLOAD_TIMEOUT_MS: '7200000',
    });
    expect(config).toMatchObject({
      databaseUrl: 'postgres://shop@db:5432/detal',
      corsOrigins: ['https://a.example', 'https://b.example'],
      trustProxy: 1,
      port: 8080,
      publicUrl: 'https://shop.example',
      supplierSourcesAllowedHosts: ['prices.lan', '192.168.10.5', '10.20.0.0/16', '[fd00::1]'],
      uploadTimeoutMs: 7_200_000,
    });
    expect(loadConfig({})).toMatchObject({ supplierSourcesAllowedHosts: [], uploadTimeoutMs: 3_600_000 });
  });

  it('refuses a value it cannot use, naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SUPPLIER_SOURCES_ALLOWED_HOSTS: 'prices.lan, 10.0.0.0/99' })).toThrow(
      /SUPPLIER_SOURCES_ALLOWED_HOSTS: "10.0.0.0\/99" is not an address range/,
    );
    expect(() => loadConfig({ SUPPLIER_SOURCES_ALLOWED_HOSTS: 'http://prices.lan/' })).toThrow(
      /SUPPLIER_SOURCES_ALLOWED_HOSTS/,
    );
  });
});
