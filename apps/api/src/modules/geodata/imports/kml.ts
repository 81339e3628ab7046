import { kml } from '@tmcw/togeojson';
import { DOMParser, onErrorStopParsing, ParseError } from '@xmldom/xmldom';
import { SourceDataError, type SourceFeature } from '../features.ts';

function parseXml(text: string) {
  try {
    return new DOMParser({ onError: onErrorStopParsing }).parseFromString(text, 'text/xml');
  } catch (error) {
    const line = error instanceof ParseError ? error.locator?.lineNumber : undefined;
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new SourceDataError(
      `The KML is not well-formed XML${line ? ` near line ${line}` : ''}: ${message}`,
    );
  }
}

/** The placemarks of a KML document, with their ExtendedData as attributes. */
export function readKml(text: string): SourceFeature[] {
  const document = parseXml(text);
  if (document.documentElement?.localName !== 'kml') {
    throw new SourceDataError('The XML file is not KML (its root element is not <kml>).');
  }
  return kml(document).features.map((feature, i) => ({
    label: `Placemark ${i + 1}`,
    id: feature.id ?? null,
    geometry: feature.geometry,
    properties: feature.properties ?? {},
  }));
}
