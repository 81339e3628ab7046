import { useParams } from 'react-router';
import { PermitMapView } from '../../features/permits/map/PermitMapView';

/** Permit Map: the permit's poles and spans, and changing its poles while that is allowed. */
export function PermitMapPage() {
  const { id = '' } = useParams();
  return <PermitMapView key={id} permitId={id} />;
}
