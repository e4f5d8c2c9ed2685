import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';

describe('the content security policy', () => {
  const t = useTestApp({
    apiHosts: {
      test: 'http://tabula.test',
      prod: 'https://api.example.com',
      sgProd: 'https://api-sg.example.com:8443',
    },
  });

  it('lets the console connect to the API host of every environment tag, and nowhere else', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    const connectSrc = response.headers['content-security-policy']
      ?.toString()
      .split(';')
      .find((directive) => directive.startsWith('connect-src'));
    expect(connectSrc).toBe(
      "connect-src 'self' http://tabula.test https://api.example.com https://api-sg.example.com:8443",
    );
  });
});
