import { describe, expect, it } from 'vitest';
import { checkHost, checkOrigin, credentialsOf } from '../../../src/mcp/request-guard.ts';

describe('checkHost', () => {
  it('accepts only loopback names when no list is configured', () => {
    for (const host of ['localhost:4020', '127.0.0.1:4020', '[::1]:4020', 'LOCALHOST']) {
      expect(checkHost(host, []).ok, host).toBe(true);
    }
    for (const host of ['evil.example:4020', '127.0.0.1.nip.io', undefined, '']) {
      expect(checkHost(host, []).ok, String(host)).toBe(false);
    }
  });

  it('accepts a listed host:port or bare hostname, and nothing else', () => {
    expect(checkHost('mcp.example.com:8443', ['mcp.example.com']).ok).toBe(true);
    expect(checkHost('mcp.example.com:8443', ['mcp.example.com:8443']).ok).toBe(true);
    expect(checkHost('mcp.example.com:9000', ['mcp.example.com:8443']).ok).toBe(false);
    expect(checkHost('localhost:4020', ['mcp.example.com'])).toEqual({
      ok: false,
      message: 'Invalid Host header: localhost:4020',
    });
  });
});

describe('checkOrigin', () => {
  it('lets requests without an Origin through: they do not come from a web page', () => {
    expect(checkOrigin(undefined, 'localhost:4020', []).ok).toBe(true);
  });

  it('accepts loopback and same-host origins by default', () => {
    expect(checkOrigin('http://localhost:3000', 'localhost:4020', []).ok).toBe(true);
    expect(checkOrigin('https://mcp.example.com', 'mcp.example.com', []).ok).toBe(true);
    expect(checkOrigin('https://evil.example', 'localhost:4020', []).ok).toBe(false);
    expect(checkOrigin('null', 'localhost:4020', []).ok).toBe(false);
  });

  it('accepts a listed origin or hostname once a list is configured', () => {
    const allowed = ['https://app.example.com', 'tools.example.com'];
    expect(checkOrigin('https://app.example.com', 'x', allowed).ok).toBe(true);
    expect(checkOrigin('http://tools.example.com:8080', 'x', allowed).ok).toBe(true);
    expect(checkOrigin('http://app.example.com', 'x', allowed).ok).toBe(false);
    expect(checkOrigin('http://localhost:3000', 'localhost:4020', allowed).ok).toBe(false);
  });
});

describe('credentialsOf', () => {
  it('takes the key from "Bearer" or "Token", in any case', () => {
    expect(credentialsOf('Bearer abc123', undefined)).toEqual({ ok: true, token: 'abc123' });
    expect(credentialsOf('token abc123', 'fallback')).toEqual({ ok: true, token: 'abc123' });
  });

  it('falls back to the server key without a header, and refuses without either', () => {
    expect(credentialsOf(undefined, 'fallback')).toEqual({ ok: true, token: 'fallback' });
    expect(credentialsOf(undefined, undefined).ok).toBe(false);
    expect(credentialsOf('Basic abc', 'fallback').ok).toBe(false);
    expect(credentialsOf('Bearer', 'fallback').ok).toBe(false);
  });
});
