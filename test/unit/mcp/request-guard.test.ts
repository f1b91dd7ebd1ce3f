import { describe, expect, it } from 'vitest';
import {
  checkHost,
  checkOrigin,
  checkRpcBody,
  credentialsOf,
  INVALID_PARAMS,
  INVALID_REQUEST,
} from '../../../src/mcp/request-guard.ts';

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

describe('checkRpcBody', () => {
  const call = (params: unknown, id: unknown = 1) => ({ jsonrpc: '2.0', id, method: 'tools/call', params });

  it('passes calls the SDK can answer, and methods it checks itself', () => {
    expect(checkRpcBody(call({ name: 'get_container', arguments: { id: 'x' } })).ok).toBe(true);
    expect(checkRpcBody(call({ name: 'list_shipments' })).ok).toBe(true);
    expect(checkRpcBody({ jsonrpc: '2.0', id: 1, method: 'tools/list' }).ok).toBe(true);
    expect(checkRpcBody({ jsonrpc: '2.0', id: 1, method: 'no/such', params: 'x' }).ok).toBe(true);
  });

  it('answers params that break the protocol with -32602 naming the member and the id', () => {
    expect(checkRpcBody(call({ name: 'get_container', arguments: 'x' }, 'abc'))).toMatchObject({
      ok: false,
      id: 'abc',
      code: INVALID_PARAMS,
      message: expect.stringContaining('params.arguments'),
    });
    const inBatch = checkRpcBody([call({ name: 'a' }, 1), call({ arguments: {} }, 2)]);
    expect(inBatch).toMatchObject({ ok: false, id: 2, code: INVALID_PARAMS });
    expect(checkRpcBody(call(null, { not: 'an id' }))).toMatchObject({ ok: false, id: null });
  });

  it('refuses an empty batch as an invalid request', () => {
    expect(checkRpcBody([])).toMatchObject({ ok: false, id: null, code: INVALID_REQUEST });
  });
});
