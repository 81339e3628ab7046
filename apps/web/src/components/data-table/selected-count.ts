import { formatNumber } from '@crossarm/shared';

/** The singular of the plural nouns that do not just drop an 's'. */
const ONE: Record<string, string> = { people: 'person' };

/** How many rows are selected, from the plural noun of the rows: '1 permit selected', '1,234 permits selected'. */
export function selectedCountText(count: number, noun: string): string {
  const word = count === 1 ? (ONE[noun] ?? noun.replace(/s$/, '')) : noun;
  return `${formatNumber(count)} ${word} selected`;
}
