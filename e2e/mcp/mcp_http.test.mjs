// `tool-host mcp --http` driven by the official MCP TypeScript SDK's Streamable HTTP client
// against real headless Firefox (offline): eight clients at once each open a session, list the
// tool, load their own data: page and read its text, and end their session; a call with a
// progress token gets its progress notifications over the SSE stream before its result; each
// session is an agent of its own (its tabs only), closed when the session ends.
import assert from 'node:assert/strict';
import {spawn} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, before, test} from 'node:test';
import {fileURLToPath} from 'node:url';

import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StreamableHTTPClientTransport} from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const toolHost = process.env.TOOL_HOST ?? path.resolve(here, '../../build/bin/tool-host');
const spoolDir = mkdtempSync(path.join(tmpdir(), 'mcp-http-e2e-'));
// Browser start-up on a busy 2-core machine takes seconds, and the eight sessions' calls run
// one after another: this bounds correctness, not speed.
const kCallTimeoutMs = 300000;

let server;
let url;
let stderr = '';

before(async () => {
  server = spawn(toolHost, [
    '--config', JSON.stringify({firefox: {offline: true}, spool_dir: path.join(spoolDir, 'spool')}),
    'mcp', '--http', '0',
  ], {stdio: ['ignore', 'inherit', 'pipe']});
  url = await new Promise((resolve, reject) => {
    server.stderr.on('data', (chunk) => {
      stderr += chunk;
      process.stderr.write(chunk);
      const m = /tool-host: MCP over HTTP at (http:\/\/127\.0\.0\.1:\d+\/mcp)\n/.exec(stderr);
      if (m) resolve(new URL(m[1]));
    });
    server.on('exit', (code) => reject(new Error(`tool-host exited with ${code}: ${stderr}`)));
  });
});

after(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve({code, signal})));
    server.kill('SIGTERM');
    const {code} = await exited;
    assert.equal(code, 143);  // 128 + SIGTERM: ended by the signal, after closing the browser
    // The browser the plugin started is gone with it.
    const m = /Firefox (\d+) listening on/.exec(stderr);
    assert.ok(m, stderr);
    assert.throws(() => process.kill(Number(m[1]), 0), {code: 'ESRCH'});
  }
  rmSync(spoolDir, {recursive: true, force: true});
});

// A connected client and the messages its transport received, in order.
async function connect(name) {
  const transport = new StreamableHTTPClientTransport(url);
  const client = new Client({name, version: '1.0.0'});
  await client.connect(transport);
  const received = [];
  const deliver = transport.onmessage;
  transport.onmessage = (message, extra) => {
    received.push(message);
    deliver(message, extra);
  };
  return {client, transport, received};
}

function pageArguments(marker) {
  const html = `<title>${marker}</title><main><h1>Hello ${marker}</h1><p>from client ${marker}</p></main>`;
  return {
    frames: [
      {method: 'page.goto', params: {url: 'data:text/html,' + encodeURIComponent(html)}, label: 'go'},
      {method: 'page.text', params: {css: 'main'}, label: 'text'},
    ],
  };
}

test('eight clients at once each get their own session and correct results', async () => {
  const markers = Array.from({length: 8}, (_, i) => `c${i}`);
  const results = await Promise.all(markers.map(async (marker) => {
    const {client, transport} = await connect(`client-${marker}`);
    assert.ok(/^[0-9a-f]{32}$/.test(transport.sessionId), transport.sessionId);
    assert.equal(client.getServerVersion().name, 'firefox-bidi');
    const {tools} = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name), ['firefox_bidi']);
    const result = await client.callTool(
        {name: 'firefox_bidi', arguments: pageArguments(marker)}, undefined,
        {timeout: kCallTimeoutMs});
    const sessionId = transport.sessionId;
    await transport.terminateSession();
    await client.close();
    return {marker, result, sessionId};
  }));
  assert.equal(new Set(results.map((r) => r.sessionId)).size, 8);
  for (const {marker, result} of results) {
    assert.equal(result.isError, false, JSON.stringify(result));
    const records = JSON.parse(result.content[0].text).frames;
    assert.equal(records.length, 2, JSON.stringify(records));
    assert.equal(records[0].label, 'go');
    assert.equal(records[0].result.title, marker, JSON.stringify(records[0]));
    assert.equal(records[1].label, 'text');
    assert.equal(records[1].result, `Hello ${marker}\nfrom client ${marker}`, JSON.stringify(records[1]));
  }
});

test('an ended session is gone: its id gets 404', async () => {
  const {client, transport} = await connect('ended');
  const id = transport.sessionId;
  await transport.terminateSession();
  await client.close();
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Accept': 'application/json, text/event-stream',
      'Mcp-Session-Id': id,
      'MCP-Protocol-Version': '2025-11-25',
    },
    body: JSON.stringify({jsonrpc: '2.0', id: 1, method: 'ping'}),
  });
  assert.equal(res.status, 404);
  assert.deepEqual(await res.json(),
                   {jsonrpc: '2.0', error: {code: -32001, message: 'Session not found'}, id: null});
});

test('progress notifications arrive over SSE before the result', async () => {
  const {client, transport, received} = await connect('progress');
  const progress = [];
  const first = received.length;
  const result = await client.callTool(
      {name: 'firefox_bidi', arguments: pageArguments('p')}, undefined,
      {timeout: kCallTimeoutMs, onprogress: (p) => progress.push(p)});
  assert.equal(result.isError, false);
  const sent = received.slice(first);
  assert.deepEqual(
      sent.map((m) => m.method === 'notifications/progress' ?
                   [m.params.progress, m.params.total, m.params.message] :
                   ['response', 'result' in m]),
      [
        [1, 2, 'frame 0 page.goto'],
        [2, 2, 'frame 1 page.text'],
        ['response', true],
      ]);
  // The SDK hands notifications to their handler a microtask after they arrive: it may drop
  // the one that arrives with the response (see the stdio test).
  assert.ok(progress.length >= 1, JSON.stringify(progress));
  assert.deepEqual(progress.map((p) => [p.progress, p.total]), [[1, 2], [2, 2]].slice(0, progress.length));
  await transport.terminateSession();
  await client.close();
});

test('each session is an agent of its own, closed when its session ends', async () => {
  const a = await connect('agent-a');
  const b = await connect('agent-b');
  const call = async ({client}, frames) => {
    const result = await client.callTool({name: 'firefox_bidi', arguments: {frames}}, undefined,
                                         {timeout: kCallTimeoutMs});
    assert.equal(result.isError, false, JSON.stringify(result));
    return JSON.parse(result.content[0].text).frames.map((r) => r.result ?? r.error);
  };
  const open = (title) => ({method: 'page.goto', params: {url: `data:text/html,<title>${title}</title>`},
                            silent: true});
  await call(a, [open('A')]);
  const [, bTabs, agents] = await call(b, [open('B'), {method: 'page.tabs'}, {method: 'page.agents'}]);
  // b sees its own tab only, and both sessions' agents are live beside "default".
  assert.deepEqual(bTabs.map((t) => t.title), ['B']);
  const names = agents.agents.map((x) => x.agent);
  assert.equal(names.length, 3, JSON.stringify(agents));
  assert.ok(names.includes('default'));
  assert.ok(names.filter((n) => /^mcp-\d+$/.test(n)).length === 2, JSON.stringify(names));
  const [aTabs] = await call(a, [{method: 'page.tabs'}]);
  assert.deepEqual(aTabs.map((t) => t.title), ['A']);

  // a's DELETE closes its agent before b's next call runs.
  await a.transport.terminateSession();
  await a.client.close();
  const [after] = await call(b, [{method: 'page.agents'}]);
  const left = after.agents.map((x) => x.agent);
  assert.equal(left.length, 2, JSON.stringify(after));
  assert.ok(left.includes('default'));
  assert.ok(names.includes(left.find((n) => n !== 'default')));
  await b.transport.terminateSession();
  await b.client.close();
});
