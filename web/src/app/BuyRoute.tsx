import BuyPage from '../features/tickets/BuyPage';
import { TypeChooser } from '../features/ticket-types/TypeChooser';

/**
 * /screenings/:id/buy: the buy page (tickets) with the choice of seats per
 * ticket type, attendees' names and a discount code (ticket-types).
 */
export default function BuyRoute() {
  return <BuyPage chooser={(screening, busy, onReserve) => <TypeChooser screening={screening} busy={busy} onReserve={onReserve} />} />;
}
