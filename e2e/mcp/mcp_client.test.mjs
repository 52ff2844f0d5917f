// `tool-host mcp` driven by the official MCP TypeScript SDK client against real headless
// Firefox (offline): the tool listing, a batch that navigates a data: page and takes a
// screenshot (text + image + resource_link content), and bad arguments (isError).
import assert from 'node:assert/strict';
import {mkdtempSync, rmSync, statSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, before, test} from 'node:test';
import {fileURLToPath} from 'node:url';

import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const toolHost = process.env.TOOL_HOST ?? path.resolve(here, '../../build/bin/tool-host');
const spoolDir = mkdtempSync(path.join(tmpdir(), 'mcp-e2e-'));
// Browser start-up on a busy 2-core machine takes seconds; this bounds correctness, not speed.
const kCallTimeoutMs = 180000;

let client;
// Every message the server sent, in the order it arrived. The SDK hands notifications to their
// handlers a microtask later than responses, so a progress notification that arrives in the
// same read as its call's response never reaches `onprogress`: what the server sent is read
// here instead.
const received = [];

before(async () => {
  const transport = new StdioClientTransport({
    command: toolHost,
    args: ['--config', JSON.stringify({firefox: {offline: true}, spool_dir: path.join(spoolDir, 'spool')}), 'mcp'],
    stderr: 'inherit',
  });
  client = new Client({name: 'firefox-bidi-e2e', version: '1.0.0'});
  await client.connect(transport);
  const deliver = transport.onmessage;
  transport.onmessage = (message, extra) => {
    received.push(message);
    deliver(message, extra);
  };
});

after(async () => {
  await client?.close();
  rmSync(spoolDir, {recursive: true, force: true});
});

test('server identifies itself and negotiates the latest protocol', () => {
  assert.deepEqual(client.getServerCapabilities(), {tools: {listChanged: false}});
  assert.equal(client.getServerVersion().name, 'firefox-bidi');
  assert.equal(client.getServerVersion().title, 'Firefox (WebDriver BiDi)');
});

test('lists the firefox_bidi tool with its schema', async () => {
  const {tools} = await client.listTools();
  assert.equal(tools.length, 1);
  assert.equal(tools[0].name, 'firefox_bidi');
  assert.equal(tools[0].title, 'Firefox (WebDriver BiDi)');
  assert.equal(tools[0].inputSchema.type, 'object');
  assert.ok(tools[0].inputSchema.properties.frames);
});

test('a batch with a screenshot returns text, image and resource_link content', async () => {
  const progress = [];
  const first = received.length;
  const result = await client.callTool(
      {
        name: 'firefox_bidi',
        arguments: {
          frames: [
            {method: 'browsingContext.getTree', label: 'tree', silent: true},
            {
              method: 'browsingContext.navigate',
              params: {
                context: '<<tree.contexts[0].context>>',
                url: 'data:text/html,%3Ch1%3EHello%3C/h1%3E',
                wait: 'complete',
              },
              silent: true,
            },
            {
              method: 'browsingContext.captureScreenshot',
              params: {context: '<<tree.contexts[0].context>>'},
              label: 'shot',
            },
          ],
        },
      },
      undefined, {timeout: kCallTimeoutMs, onprogress: (p) => progress.push(p)});

  assert.equal(result.isError, false);
  assert.equal(result.content.length, 3);
  const [text, image, link] = result.content;

  assert.equal(text.type, 'text');
  const records = JSON.parse(text.text).frames;
  assert.deepEqual(records.slice(0, 2), [
    {index: 0, method: 'browsingContext.getTree', label: 'tree'},
    {index: 1, method: 'browsingContext.navigate'},
  ]);
  const shot = records[2];
  assert.equal(shot.mime, 'image/png');
  assert.ok(path.isAbsolute(shot.spooled));
  assert.ok(shot.spooled.endsWith('-2-shot.png'), shot.spooled);
  assert.equal(statSync(shot.spooled).size, shot.bytes);

  assert.equal(image.type, 'image');
  assert.equal(image.mimeType, 'image/png');
  const png = Buffer.from(image.data, 'base64');
  assert.equal(png.length, shot.bytes);
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

  assert.deepEqual(link, {
    type: 'resource_link',
    uri: 'file://' + shot.spooled,
    name: path.basename(shot.spooled),
    mimeType: 'image/png',
  });

  // One progress notification per frame, all before the response.
  const sent = received.slice(first);
  assert.deepEqual(
      sent.map((m) => m.method === 'notifications/progress' ?
                   [m.params.progress, m.params.total, m.params.message] :
                   ['response', 'result' in m]),
      [
        [1, 3, 'frame 0 browsingContext.getTree'],
        [2, 3, 'frame 1 browsingContext.navigate'],
        [3, 3, 'frame 2 browsingContext.captureScreenshot'],
        ['response', true],
      ]);
  // The SDK delivered them in order, but may drop the last (see `received`).
  const delivered = progress.map((p) => [p.progress, p.total]);
  assert.deepEqual(delivered, [[1, 3], [2, 3], [3, 3]].slice(0, delivered.length));
  assert.ok(delivered.length >= 1, JSON.stringify(delivered));
});

test('bad arguments come back as an error result', async () => {
  const result = await client.callTool(
      {name: 'firefox_bidi', arguments: {frames: 'not a list'}}, undefined,
      {timeout: kCallTimeoutMs});
  assert.equal(result.isError, true);
  assert.equal(result.content.length, 1);
  const error = JSON.parse(result.content[0].text).error;
  assert.equal(error.kind, 'invalid_arguments');
  assert.equal(error.at, '/frames');
});
