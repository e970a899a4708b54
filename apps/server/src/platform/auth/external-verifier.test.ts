import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createExternalVerifier } from './external-verifier.ts';

// A real HTTP identity provider on loopback: discovery, JWKS and userinfo.
let server: http.Server;
let issuer: string;
let privateKey: CryptoKey;
let otherKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  server = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/.well-known/openid-configuration') {
      res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks`, userinfo_endpoint: `${issuer}/userinfo` }));
    } else if (req.url === '/jwks') {
      res.end(JSON.stringify({ keys: [jwk] }));
    } else if (req.url === '/userinfo') {
      if (req.headers.authorization === `Bearer ${'o'.repeat(32)}`)
        res.end(JSON.stringify({ sub: 'u-1', preferred_username: 'student' }));
      else {
        res.statusCode = 401;
        res.end('{}');
      }
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

function sign(claims: Record<string, unknown>, opts: { key?: CryptoKey; iss?: string; exp?: string | number } = {}) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer(opts.iss ?? issuer)
    .setIssuedAt()
    .setExpirationTime(opts.exp ?? '1h')
    .sign(opts.key ?? privateKey);
}

describe('external OpenID provider (OIDC_ISSUER)', () => {
  const verifier = () => createExternalVerifier(loadConfig({ OIDC_ISSUER: issuer, OIDC_AUDIENCE: 'yy-sys' }));

  it('accepts a JWT signed by the provider for our audience and names the account', async () => {
    const token = await sign({ sub: 'u-1', preferred_username: 'student', aud: 'yy-sys' });
    expect(await verifier().verify(token)).toMatchObject({ tenantId: null, account: 'student' });
  });

  it('refuses expired, foreign-issuer, wrong-audience and wrongly signed JWTs', async () => {
    const v = verifier();
    expect(
      await v.verify(await sign({ sub: 'u', aud: 'yy-sys' }, { exp: Math.floor(Date.now() / 1000) - 10 })),
    ).toBeNull();
    expect(await v.verify(await sign({ sub: 'u', aud: 'yy-sys' }, { iss: 'https://evil.example' }))).toBeNull();
    expect(await v.verify(await sign({ sub: 'u', aud: 'someone-else' }))).toBeNull();
    expect(await v.verify(await sign({ sub: 'u', aud: 'yy-sys' }, { key: otherKey }))).toBeNull();
    const good = await sign({ sub: 'u', aud: 'yy-sys' });
    const tampered = good.slice(0, -4) + (good.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect(await v.verify(tampered)).toBeNull();
  });

  it('checks opaque tokens with the userinfo endpoint', async () => {
    const v = verifier();
    expect(await v.verify('o'.repeat(32))).toMatchObject({ account: 'student' });
    expect(await v.verify('x'.repeat(32))).toBeNull();
  });

  it('fails clearly when the discovery document cannot be read', async () => {
    const v = createExternalVerifier(loadConfig({ OIDC_ISSUER: `${issuer}/other` }));
    await expect(v.verify('o'.repeat(32))).rejects.toThrow(/OIDC discovery/);
  });
});
