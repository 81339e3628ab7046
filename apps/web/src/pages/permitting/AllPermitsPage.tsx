import { PermitBulkActions } from '../../features/tracker/bulk/PermitBulkActions';
import { PermitTracker } from '../../features/tracker/components/PermitTracker';
import { useTrackerView } from '../../features/views/use-tracker-view';

/** All Permits: every permit the user may see, as the tracker's table (its state lives in the URL). */
export function AllPermitsPage() {
  const view = useTrackerView();
  if (view.screen) return view.screen;
  return (
    <PermitTracker
      viewName={view.name}
      viewMenu={view.menu}
      viewNotice={view.notice}
      bulkActions={(selected, clear) => <PermitBulkActions selected={selected} clear={clear} />}
    />
  );
}
