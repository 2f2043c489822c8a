// npm run deps:graph: draws docs/layers.svg, the app's import graph at folder level
// (src-main/<dir>, src-shared/<dir>, src-renderer/src/<dir>; a layer's top-level files are one
// node), from dependency-cruiser's JSON (.dependency-cruiser.cjs) laid out by Graphviz's
// `dot`. Every folder-to-folder import is drawn , shared at the bottom.
import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
if (spawnSync('dot', ['-V']).error)
  throw new Error(
    'npm run deps:graph needs Graphviz (`dot`): apt-get install graphviz, or brew install graphviz',
  );

const cruised = JSON.parse(
  execFileSync(
    join(root, 'node_modules', '.bin', 'depcruise'),
    [
      'src-main',
      'src-shared',
      'src-renderer',
      '--config',
      '.dependency-cruiser.cjs',
      '--include-only',
      '^src-',
      '--output-type',
      'json',
    ],
    { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  ),
);

const LAYERS = [
  { prefix: 'src-renderer/src/', label: 'src-renderer/src', colour: '#f7e3c8' },
  { prefix: 'src-main/', label: 'src-main', colour: '#d6e4f5' },
  { prefix: 'src-shared/', label: 'src-shared', colour: '#d8ecd0' },
];

/** The node a module belongs to: its layer's folder, or the layer's top-level files. */
function nodeOf(source) {
  const layer = LAYERS.find((l) => source.startsWith(l.prefix));
  if (!layer) return null;
  const rest = source.slice(layer.prefix.length);
  const dir = rest.includes('/') ? rest.slice(0, rest.indexOf('/')) : null;
  return {
    layer,
    id: dir ? `${layer.label}/${dir}` : `${layer.label}/*`,
    label: dir ? `${dir}/` : '(top-level files)',
  };
}

const nodes = new Map();
const edges = new Set();
for (const m of cruised.modules) {
  const from = nodeOf(m.source);
  if (!from) continue;
  nodes.set(from.id, from);
  for (const d of m.dependencies) {
    const to = nodeOf(d.resolved);
    if (to && to.id !== from.id) edges.add(`"${from.id}" -> "${to.id}"`);
  }
}

const q = (s) => JSON.stringify(s);
const dotText = [
  'digraph layers {',
  '  rankdir=TB; newrank=true; ranksep=0.5; nodesep=0.2; fontname="Helvetica"; fontsize=14;',
  '  node [shape=box, style="rounded,filled", fontname="Helvetica", fontsize=11, height=0.25];',
  '  edge [color="#00000060", arrowsize=0.6];',
  ...LAYERS.map(
    (l) =>
      `  subgraph ${q(`cluster_${l.label}`)} { label=${q(l.label)}; style="rounded"; color="#888888";\n` +
      [...nodes.values()]
        .filter((n) => n.layer === l)
        .sort((a, b) => a.id.localeCompare(b.id))
        .map((n) => `    ${q(n.id)} [label=${q(n.label)}, fillcolor=${q(l.colour)}];`)
        .join('\n') +
      '\n  }',
  ),
  ...[...edges].sort().map((e) => `  ${e};`),
  '}',
].join('\n');

const svg = execFileSync('dot', ['-Tsvg'], { input: dotText, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
writeFileSync(join(root, 'docs', 'layers.svg'), svg);
console.log(`wrote docs/layers.svg (${nodes.size} folders, ${edges.size} folder-level imports)`);
