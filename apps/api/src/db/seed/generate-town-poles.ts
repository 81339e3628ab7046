import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Generates the demo pole owner's poles and spans along the main streets of Northfield, Minnesota, the
 * demo cooperative's home town: a pole every 40 m a few metres off each street's centre line, and a span
 * between neighbouring poles of a street. Deterministic (a seeded generator), so the committed file is
 * exactly what this script writes. Run: node --import tsx apps/api/src/db/seed/generate-town-poles.ts
 */

type LonLat = [number, number];

/** Street centre lines, west to east or south to north, from the town's street grid. */
const STREETS: { name: string; line: LonLat[] }[] = [
  {
    name: 'Division St',
    line: [
      [-93.1615, 44.4474],
      [-93.16148, 44.4549],
      [-93.16146, 44.4622],
    ],
  },
  {
    name: 'Washington St',
    line: [
      [-93.15945, 44.4549],
      [-93.1594, 44.4622],
    ],
  },
  {
    name: 'Union St',
    line: [
      [-93.15745, 44.4549],
      [-93.1574, 44.4622],
    ],
  },
  {
    name: 'Water St S',
    line: [
      [-93.16275, 44.4549],
      [-93.16265, 44.457],
      [-93.16245, 44.4586],
    ],
  },
  {
    name: '2nd St E',
    line: [
      [-93.16275, 44.4549],
      [-93.1502, 44.45495],
    ],
  },
  {
    name: '5th St E',
    line: [
      [-93.1624, 44.4586],
      [-93.1502, 44.45865],
    ],
  },
  {
    name: '7th St E',
    line: [
      [-93.162, 44.461],
      [-93.1502, 44.46105],
    ],
  },
  {
    name: 'Woodley St',
    line: [
      [-93.166, 44.44735],
      [-93.154, 44.4474],
      [-93.142, 44.44745],
    ],
  },
  {
    name: 'Highway 3',
    line: [
      [-93.1658, 44.443],
      [-93.166, 44.44735],
      [-93.1652, 44.453],
      [-93.1642, 44.459],
      [-93.1638, 44.463],
    ],
  },
  {
    name: 'St Olaf Ave',
    line: [
      [-93.1642, 44.459],
      [-93.17, 44.4595],
      [-93.1765, 44.4602],
    ],
  },
];

const SPACING_M = 40;
const OFFSET_M = 8;
const OWNER = 'Northfield Electric Cooperative';
const METRES_PER_DEGREE_LAT = 111_132;
const metresPerDegreeLon = (lat: number) => METRES_PER_DEGREE_LAT * Math.cos((lat * Math.PI) / 180);

/** mulberry32: a small seeded generator, so every run writes the same file. */
export function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function weighted<T>(random: () => number, choices: [T, number][]): T {
  let roll = random();
  for (const [value, weight] of choices) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return choices[choices.length - 1]![0];
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;

/** Points every SPACING_M metres along a line, shifted OFFSET_M metres to the right of travel. */
function polePositions(line: LonLat[]): LonLat[] {
  const positions: LonLat[] = [];
  let carried = 0;
  for (let i = 0; i + 1 < line.length; i++) {
    const [lon0, lat0] = line[i]!;
    const [lon1, lat1] = line[i + 1]!;
    const kx = metresPerDegreeLon(lat0);
    const dx = (lon1 - lon0) * kx;
    const dy = (lat1 - lat0) * METRES_PER_DEGREE_LAT;
    const length = Math.hypot(dx, dy);
    const [rightX, rightY] = [dy / length, -dx / length];
    for (let at = carried; at <= length; at += SPACING_M) {
      const x = dx * (at / length) + rightX * OFFSET_M;
      const y = dy * (at / length) + rightY * OFFSET_M;
      positions.push([round(lon0 + x / kx), round(lat0 + y / METRES_PER_DEGREE_LAT)]);
      carried = at + SPACING_M - length;
    }
  }
  return positions;
}

function distanceFeet([lon0, lat0]: LonLat, [lon1, lat1]: LonLat) {
  const metres = Math.hypot((lon1 - lon0) * metresPerDegreeLon(lat0), (lat1 - lat0) * METRES_PER_DEGREE_LAT);
  return Math.round(metres * 3.28084);
}

/** The demo town's poles (points) and spans (lines) as one GeoJSON FeatureCollection. */
export function generateTownPoles() {
  const random = seeded(2026);
  const poles: object[] = [];
  const spans: object[] = [];
  let poleNumber = 100;
  for (const street of STREETS) {
    const ids: string[] = [];
    const positions = polePositions(street.line);
    for (const position of positions) {
      const poleId = `NEC-${String(++poleNumber).padStart(6, '0')}`;
      ids.push(poleId);
      poles.push({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: position },
        properties: {
          pole_id: poleId,
          height_ft: weighted(random, [
            [35, 0.3],
            [40, 0.5],
            [45, 0.2],
          ]),
          class: weighted(random, [
            [1, 0.05],
            [2, 0.15],
            [3, 0.3],
            [4, 0.3],
            [5, 0.2],
          ]),
          material: 'Wood',
          owner: OWNER,
          install_year: 1958 + Math.floor(random() * 65),
          street: street.name,
        },
      });
    }
    for (let i = 0; i + 1 < positions.length; i++) {
      spans.push({
        type: 'Feature',
        geometry: { type: 'LineString', coordinates: [positions[i], positions[i + 1]] },
        properties: {
          span_id: `NEC-S-${String(spans.length + 1).padStart(6, '0')}`,
          from_pole: ids[i],
          to_pole: ids[i + 1],
          length_ft: distanceFeet(positions[i]!, positions[i + 1]!),
          owner: OWNER,
          street: street.name,
        },
      });
    }
  }
  // One feature a line keeps the file readable and its diffs small.
  const features = [...poles, ...spans].map((feature) => JSON.stringify(feature)).join(',\n');
  return `{"type":"FeatureCollection","features":[\n${features}\n]}\n`;
}

/** Where the demo seed reads the file from. */
export const TOWN_POLES_FILE = path.join(import.meta.dirname, 'geodata', 'northfield-poles.geojson');

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await writeFile(TOWN_POLES_FILE, generateTownPoles());
  process.stdout.write(`wrote ${TOWN_POLES_FILE}\n`);
}
