// Drives the running API through a client built from its own OpenAPI document (openapi-client-axios
// makes one method per operationId): node client.mjs <gateway base URL> <document.json>
// Prints one line per call and exits non-zero on the first answer that is not what the document promises.
import { readFileSync } from 'node:fs';
import { OpenAPIClientAxios } from 'openapi-client-axios';

const [base, documentFile] = process.argv.slice(2);
const definition = JSON.parse(readFileSync(documentFile, 'utf8'));
const api = new OpenAPIClientAxios({
  definition,
  axiosConfigDefaults: { baseURL: base, validateStatus: () => true },
});
const client = await api.init();

function expect(name, response, status, check = () => true) {
  const line = `${name}: ${response.status} ${response.headers['content-type'] ?? ''}`;
  if (response.status !== status || !check(response.data)) {
    console.error(`FAILED ${line} (expected ${status}) ${JSON.stringify(response.data)}`);
    process.exit(1);
  }
  console.log(line);
  return response.data;
}

const session = expect('postAuthLocalSignIn', await client.postAuthLocalSignIn(null, { userId: 'openapi-client' }), 200,
  (body) => typeof body.token === 'string');
const auth = { headers: { Authorization: `Bearer ${session.token}` } };

const sites = expect('getSites', await client.getSites(), 200, (body) => JSON.stringify(body).includes('plasmodb'));
console.log(`  sites: ${JSON.stringify(sites).match(/"plasmodb"/g).length > 0 ? 'plasmodb listed' : ''}`);

const created = expect('postControlSets', await client.postControlSets(null, {
  name: 'kinases from the generated client', siteId: 'plasmodb',
  positiveIds: ['PF3D7_0105300', 'PF3D7_0106300'], negativeIds: ['PF3D7_0102200'],
}, auth), 201, (body) => typeof body.id === 'string');
console.log(`  created control set ${created.id}`);

expect('getControlSetsById', await client.getControlSetsById(created.id, null, auth), 200,
  (body) => body.id === created.id && body.name === 'kinases from the generated client'
    && JSON.stringify(body.positiveIds) === JSON.stringify(['PF3D7_0105300', 'PF3D7_0106300']));

const problem = expect('postControlSets (an ID in both lists)', await client.postControlSets(null, {
  name: 'contradictory', siteId: 'plasmodb', positiveIds: ['PF3D7_0105300'], negativeIds: ['PF3D7_0105300'],
}, auth), 422, (body) => Array.isArray(body.errors) && body.errors.some((e) => e.pointer === '/negativeIds'));
console.log(`  problem: ${problem.code} ${problem.errors.map((e) => e.pointer).join(',')}`);

const unauthorized = await client.getControlSetsById(created.id);
expect('getControlSetsById without a token', unauthorized, 401,
  () => String(unauthorized.headers['content-type']).startsWith('application/problem+json'));
console.log('the generated client: every call answered as documented');
