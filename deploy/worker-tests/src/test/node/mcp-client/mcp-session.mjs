// Drives chat-service's MCP server with the official MCP TypeScript SDK client (McpServerIT).
// node mcp-session.mjs <mcpUrl> <tokenOfA> <tokenOfB> <run|cancel> <transcriptFile>
// Prints one JSON line (what it saw) as its last line; the Java test asserts on it. Every JSON-RPC
// message both clients sent and received goes to the transcript file, one JSON object per line.
import { appendFileSync, writeFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';

const [url, tokenA, tokenB, scenario, transcriptFile] = process.argv.slice(2);
const SITE = 'plasmodb';
const SEARCH = { searchName: 'GenesByTaxon', parameters: { organism: ['Plasmodium falciparum 3D7'] } };
const POSITIVES = ['PF3D7_0100100', 'PF3D7_0100200'];
const LONG = { timeout: 300_000, resetTimeoutOnProgress: true };
writeFileSync(transcriptFile, '');

function record(who, direction, message) {
  const text = JSON.stringify(message, (key, value) =>
    typeof value === 'string' && value.length > 400 ? value.slice(0, 400) + `… (${value.length} chars)` : value);
  appendFileSync(transcriptFile, `${who} ${direction} ${text}\n`);
}

async function connect(who, token) {
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  const send = transport.send.bind(transport);
  transport.send = (message, options) => { record(who, '->', message); return send(message, options); };
  const client = new Client({ name: `strategylab-it-${who}`, version: '1.0.0' });
  await client.connect(transport);
  const onmessage = transport.onmessage;
  transport.onmessage = (message, extra) => { record(who, '<-', message); onmessage(message, extra); };
  return client;
}

async function failure(promise) {
  try {
    const result = await promise;
    return { resolved: true, isError: result.isError === true, text: result.content?.[0]?.text ?? null };
  } catch (e) {
    return { resolved: false, code: e instanceof McpError ? e.code : null, message: String(e.message) };
  }
}

async function run() {
  const a = await connect('A', tokenA);
  const seen = { server: a.getServerVersion(), capabilities: a.getServerCapabilities() };
  const tools = (await a.listTools()).tools;
  seen.tools = tools.map(t => ({ name: t.name, input: Object.keys(t.inputSchema?.properties ?? {}),
    required: t.inputSchema?.required ?? [], hasOutputSchema: !!t.outputSchema }));
  seen.sites = (await a.callTool({ name: 'list_sites', arguments: {} })).structuredContent;
  seen.searches = (await a.callTool({ name: 'search_for_searches',
    arguments: { siteId: SITE, query: 'genes of an organism', limit: 3 } })).structuredContent;

  const progress = [];
  const name = `mcp run ${Date.now()}`;
  const ran = await a.callTool({ name: 'run_experiment', arguments: { siteId: SITE, name, ...SEARCH,
    positiveControls: POSITIVES } }, undefined, { ...LONG, onprogress: p => progress.push(p) });
  seen.run = { isError: ran.isError === true, structured: ran.structuredContent, progress };
  const id = ran.structuredContent?.experimentId;

  seen.templates = (await a.listResourceTemplates()).resourceTemplates.map(t => t.uriTemplate);
  const report = (await a.readResource({ uri: `strategylab://experiments/${id}/report` })).contents[0];
  seen.report = { uri: report.uri, mimeType: report.mimeType, length: report.text.length,
    hasName: report.text.includes(name), startsHtml: /<html/i.test(report.text) };
  const records = (await a.readResource({ uri: `strategylab://experiments/${id}/records` })).contents[0];
  seen.records = JSON.parse(records.text).meta ?? null;
  seen.listed = (await a.callTool({ name: 'list_experiments', arguments: { siteId: SITE, limit: 5 } }))
    .structuredContent.items.map(i => i.experimentId);

  const b = await connect('B', tokenB);
  seen.otherUser = {
    tool: await failure(b.callTool({ name: 'get_experiment', arguments: { experimentId: id } })),
    resource: await failure(b.readResource({ uri: `strategylab://experiments/${id}/report` })),
    listed: (await b.callTool({ name: 'list_experiments', arguments: {} })).structuredContent.items.length,
  };
  seen.badInput = {
    wrongType: await failure(a.callTool({ name: 'list_experiments', arguments: { limit: 'many' } })),
    outOfRange: await failure(a.callTool({ name: 'list_experiments', arguments: { limit: 5000 } })),
    refusedByService: await failure(a.callTool({ name: 'run_experiment', arguments: { siteId: SITE, ...SEARCH,
      positiveControls: POSITIVES, enableCrossValidation: true, kFolds: 50 } })),
    unknownSite: await failure(a.callTool({ name: 'search_for_searches', arguments: { siteId: 'nosuchdb', query: 'x' } })),
  };
  // from a question to an evaluated strategy and its report, without the web pages
  const turnProgress = [];
  const built = await a.callTool({ name: 'create_strategy', arguments: { siteId: SITE,
    description: 'kinases in falciparum' } }, undefined, { ...LONG, onprogress: p => turnProgress.push(p) });
  seen.strategy = { isError: built.isError === true, structured: built.structuredContent, progress: turnProgress };
  const strategyId = built.structuredContent?.strategyId;
  const evaluated = await a.callTool({ name: 'run_experiment', arguments: { siteId: SITE, name: `${name} strategy`,
    strategyId, positiveControls: POSITIVES } }, undefined, LONG);
  seen.strategyExperiment = evaluated.structuredContent;
  const strategyReport = (await a.readResource({ uri: evaluated.structuredContent.resources.report })).contents[0];
  seen.strategyReport = { length: strategyReport.text.length, hasName: strategyReport.text.includes(`${name} strategy`) };
  const foldProgress = [];
  seen.crossValidation = (await a.callTool({ name: 'cross_validate', arguments: { experimentId: id, kFolds: 2 } },
    undefined, { ...LONG, onprogress: p => foldProgress.push(p) })).structuredContent;
  seen.crossValidationProgress = foldProgress;
  seen.otherUser.strategy = await failure(b.callTool({ name: 'get_strategy', arguments: { strategyId } }));
  const both = [id, evaluated.structuredContent?.experimentId];
  seen.overlap = (await a.callTool({ name: 'overlap', arguments: { experimentIds: both } })).structuredContent;
  seen.otherUser.overlap = await failure(b.callTool({ name: 'overlap', arguments: { experimentIds: both } }));
  seen.customEnrich = (await a.callTool({ name: 'custom_enrich', arguments: { experimentId: id, geneSetName: 'mine',
    geneIds: POSITIVES } })).structuredContent;
  await a.close();
  await b.close();
  return seen;
}

async function cancel() {
  const a = await connect('A', tokenA);
  await a.listTools();
  const name = `mcp cancel ${Date.now()}`;
  const abort = new AbortController();
  const progress = [];
  const call = await failure(a.callTool({ name: 'run_experiment', arguments: { siteId: SITE, name, ...SEARCH,
    positiveControls: POSITIVES } }, undefined, { ...LONG, signal: abort.signal,
    onprogress: p => { progress.push(p); abort.abort('the user stopped it'); } }));
  const listed = (await a.callTool({ name: 'list_experiments', arguments: { siteId: SITE, limit: 50 } }))
    .structuredContent.items.find(i => i.name === name);
  const deadline = Date.now() + 120_000;
  let status = listed?.status;
  while (listed && !['cancelled', 'completed', 'error'].includes(status) && Date.now() < deadline) {
    await new Promise(resolve => setTimeout(resolve, 500));
    status = (await a.callTool({ name: 'get_experiment', arguments: { experimentId: listed.experimentId } }))
      .structuredContent.status;
  }
  await a.close();
  return { call, progress, experimentId: listed?.experimentId ?? null, status };
}

try {
  const seen = scenario === 'cancel' ? await cancel() : await run();
  console.log(JSON.stringify(seen));
  process.exit(0);
} catch (e) {
  console.log(JSON.stringify({ failed: String(e?.stack ?? e) }));
  process.exit(1);
}
