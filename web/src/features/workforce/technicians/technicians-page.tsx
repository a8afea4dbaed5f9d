import { TECHNICIANS_PAGE_SIZE } from '../workforce.api';
import { TechnicianWorkspace } from './workspace';

/** /technicians: the workforce as cards or a week calendar, with filters, bulk actions and paging. */
export default function TechniciansPage() {
  return (
    <div data-testid="technicians-page">
      <TechnicianWorkspace pageSize={TECHNICIANS_PAGE_SIZE} withViews />
    </div>
  );
}
