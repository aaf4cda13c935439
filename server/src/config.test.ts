import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the defaults for an empty environment', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toBe('./data');
    expect(c.seedDemo).toBe(true);
    expect(c.superadminLoginPath).toMatch(/^\//);
  });

  it('names the invalid variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const e = err as ConfigError;
      expect(e.issues.map((i) => i.variable).sort()).toEqual(['DATABASE_URL', 'PORT']);
      expect(e.message).toContain('PORT');
      expect(e.message).toContain('DATABASE_URL');
    }
  });

  it('requires JWT_SECRET in production and turns the demo seed off there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    const c = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://deltio.gr' });
    expect(c.seedDemo).toBe(false);
    expect(c.isProduction).toBe(true);
  });

  it('requires PUBLIC_URL in production, the only source of links; development defaults to localhost:$PORT', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://deltio.gr/' }).publicUrl).toBe(
      'https://deltio.gr',
    );
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/);
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined();
  });

  it('refuses a hidden login path without a leading slash', () => {
    expect(() => loadConfig({ SUPERADMIN_LOGIN_PATH: 'admin' })).toThrow(/SUPERADMIN_LOGIN_PATH/);
  });

  it('selects the S3 bucket with S3_BUCKET (the data folder without), and wants the key id and secret together', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(
      loadConfig({ S3_BUCKET: 'deltio', S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_FORCE_PATH_STYLE: 'true' }).s3,
    ).toEqual({
      bucket: 'deltio',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'k', secretAccessKey: 's' },
      forcePathStyle: true,
      downloads: 'proxy',
    });
    // No keys: the AWS SDK's default chain (instance role …).
    expect(loadConfig({ S3_BUCKET: 'deltio', S3_REGION: 'eu-central-1', S3_DOWNLOADS: 'redirect' }).s3).toMatchObject({ credentials: undefined, region: 'eu-central-1', downloads: 'redirect' });
    expect(() => loadConfig({ S3_BUCKET: 'deltio', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: '' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET/);
  });
});
