// workbench/results.js: an experiment's results as VEuPathDB users read them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { container, pageModule } from './page.mjs';

const { renderResults } = await pageModule('workbench/results.js');

const PLASMODB = { id: 'plasmodb', displayName: 'PlasmoDB', webUrl: 'https://plasmodb.org/plasmo' };

function geneListExperiment(recordType) {
  return {
    id: 'e1', status: 'completed', config: { mode: 'gene-ids', siteId: 'plasmodb', recordType },
    metrics: { totalResults: 3, totalPositives: 2, totalNegatives: 1, truePositives: 2, falsePositives: 1,
      falseNegatives: 0, trueNegatives: 0, sensitivity: 1, specificity: 0, precision: 0.667, f1Score: 0.8 },
    truePositiveGenes: [{ id: 'PF3D7_0102200', name: 'ACT1', organism: 'P. falciparum 3D7', product: 'actin' },
      { id: 'PF3D7_0105300', product: 'kinase <i>x</i>' }],
    falsePositiveGenes: [{ id: 'PF3D7_0100100', product: 'EMP1' }], falseNegativeGenes: [], trueNegativeGenes: [],
  };
}

test('each control gene links its page on the site, the ID still opening its detail here', () => {
  const panel = container();
  renderResults(panel, geneListExperiment('transcript'), { site: PLASMODB });
  const links = [...panel.querySelectorAll('#wb-records a.wb-site-link')];
  assert.deepEqual(links.map(a => a.getAttribute('href')), [
    'https://plasmodb.org/plasmo/app/record/gene/PF3D7_0102200', 'https://plasmodb.org/plasmo/app/record/gene/PF3D7_0105300']);
  assert.ok(links.every(a => a.target === '_blank' && a.rel === 'noopener noreferrer'));
  // the link's name starts with what it shows and says where it goes
  assert.equal(links[0].textContent, '↗ PF3D7_0102200 on PlasmoDB');
  assert.equal(panel.querySelectorAll('#wb-records button.wb-link').length, 2);
});

test('no link without the site\'s address, nor for records that are not genes', () => {
  const withoutSite = container();
  renderResults(withoutSite, geneListExperiment('transcript'), {});
  assert.equal(withoutSite.querySelectorAll('a.wb-site-link').length, 0);
  const pathways = container();
  renderResults(pathways, geneListExperiment('pathway'), { site: PLASMODB });
  assert.equal(pathways.querySelectorAll('a.wb-site-link').length, 0);
});
