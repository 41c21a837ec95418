import { FestivalInquiry } from './FestivalInquiry';

/**
 * FestivalInquirySlot is where the seed's 'Ask About Any Film Festival'
 * block sits on /festivals, below the results: the festival assistant
 * (features/inquiry).
 */
export function FestivalInquirySlot() {
  return <FestivalInquiry />;
}
