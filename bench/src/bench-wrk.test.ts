import { describe, expect, it } from 'vitest';
import { chooseLoadTool, luaString, parseWrkOutput, wrkScript } from './bench-wrk';

describe('the wrk load tool', () => {
  it('writes a body as a Lua string of its UTF-8 bytes, quotes, backslashes and non-ASCII escaped', () => {
    expect(luaString('{"search":"a\\b"}')).toBe('"{\\034search\\034:\\034a\\092b\\034}"');
    // සහ: U+0DC3 U+0DC4, three bytes each; a digit after an escape stays a digit (always three digits)
    expect(luaString('සහ1')).toBe('"\\224\\183\\131\\224\\183\\1321"');
    expect(luaString('line\nnext')).toBe('"line\\010next"');
  });

  it('gives each thread every n-th body, builds POSTs with the JSON content type, and GETs without a body', () => {
    const post = wrkScript({ method: 'POST', path: '/api/product/search', bodies: ['{"a":1}', '{"a":2}', '{"a":3}'], threads: 2 });
    expect(post).toContain('  "{\\034a\\034:1}",\n  "{\\034a\\034:2}",\n  "{\\034a\\034:3}",\n}');
    expect(post).toContain('for i = id % #bodies + 1, #bodies, 2 do');
    expect(post).toContain('wrk.format("POST", "/api/product/search", headers, bodies[i])');
    expect(post).toContain('["Content-Type"] = "application/json"');
    const get = wrkScript({ method: 'GET', path: '/api/categories', bodies: ['ignored', 'too'], threads: 2 });
    expect(get).toContain('local bodies = {\n  "",\n}');
    expect(get).toContain('wrk.format("GET", "/api/categories", headers, nil)');
    expect(get).not.toContain('Content-Type');
  });

  it("reads the script's result line among wrk's own output, in ms, with every kind of error counted", () => {
    const stdout = [
      'Running 5s test @ http://127.0.0.1:4000',
      '  2 threads and 50 connections',
      'Requests/sec:  20000.00',
      'KADE_WRK {"requests":100000,"durationUs":5000000,"errors":{"connect":0,"read":1,"write":0,"status":3,"timeout":2},"p50Us":2100,"p95Us":4500,"p99Us":9750,"maxUs":31000,"sent":100050,"repeated":false}',
      '',
    ].join('\n');
    expect(parseWrkOutput(stdout)).toEqual({
      requests: 100_000,
      errors: 6,
      statusErrors: 3,
      seconds: 5,
      throughput: 20_000,
      p50: 2.1,
      p95: 4.5,
      p99: 9.75,
      max: 31,
      repeated: false,
    });
    expect(parseWrkOutput(stdout.replace('"repeated":false', '"repeated":true')).repeated).toBe(true);
    expect(() => parseWrkOutput('Running 5s test\nRequests/sec: 1\n')).toThrow(/no result line/);
  });

  it('uses wrk when it is on PATH, the node loader when told or when wrk is missing, and says why', () => {
    const has = () => true;
    const lacks = () => false;
    expect(chooseLoadTool({}, has).tool).toBe('wrk');
    expect(chooseLoadTool({ BENCH_LOAD_TOOL: 'node' }, has)).toEqual({ tool: 'node', note: 'the node load generator (BENCH_LOAD_TOOL=node)' });
    const fallback = chooseLoadTool({}, lacks);
    expect(fallback.tool).toBe('node');
    expect(fallback.note).toContain('wrk is not on PATH');
    expect(() => chooseLoadTool({ BENCH_LOAD_TOOL: 'wrk' }, lacks)).toThrow(/not on PATH/);
    expect(() => chooseLoadTool({ BENCH_LOAD_TOOL: 'ab' }, has)).toThrow(/wrk or node/);
  });
});
