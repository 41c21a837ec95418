/**
 * FestivalInquirySlot marks where the seed's 'Ask About Any Film Festival'
 * block goes on /festivals, below the results. The block (how-to steps,
 * example questions, the question form and its answer) is built in the
 * assistant issue; until then this slot renders nothing.
 */
export function FestivalInquirySlot() {
  return null;
}
