// Fills the sites table from the API. Text goes in through textContent only, never as HTML.
(async function () {
  const body = document.getElementById('sites');
  const cell = (text, cls) => { const td = document.createElement('td'); td.textContent = text; if (cls) td.className = cls; return td; };
  try {
    const response = await fetch('/api/v1/sites', { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error('the site list answered ' + response.status);
    const { items } = await response.json();
    body.replaceChildren(...items.map(site => {
      const row = document.createElement('tr');
      row.append(cell(site.displayName), cell(site.projectId), cell(site.isPortal ? 'portal' : 'component', 'muted'),
        cell(site.baseUrl, 'muted'));
      return row;
    }));
  } catch (e) {
    const row = document.createElement('tr');
    const td = cell('Sites cannot be loaded: ' + e.message, 'error'); td.colSpan = 4;
    row.append(td); body.replaceChildren(row);
  }
})();
