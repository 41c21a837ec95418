import type { CheckInList, DoorListsInfo, ListCheckInResult } from '../../api/ticketDoor';

/** The colour of each answer at the door: go, already used, refused. */
export function outcomeColor(result: ListCheckInResult['result']): 'teal' | 'orange' | 'red' {
  if (result === 'valid') return 'teal';
  if (result === 'used') return 'orange';
  return 'red';
}

/** chosenList is the list in the address, else the first list (null when the festival has none). */
export function chosenList(info: Pick<DoorListsInfo, 'lists'>, param: string | null): CheckInList | null {
  const id = Number(param);
  return info.lists.find((l) => l.id === id) ?? info.lists[0] ?? null;
}

/** canUndo says whether the answer's ticket has a check-in the organiser may undo. */
export function canUndo(info: Pick<DoorListsInfo, 'canUndo'>, r: ListCheckInResult | null): boolean {
  return !!r && info.canUndo && !!r.ticket && (r.result === 'valid' || r.result === 'used');
}

/** screeningNames names a list's screenings, in the list's order, for its card. */
export function screeningNames(info: Pick<DoorListsInfo, 'screenings'>, list: CheckInList): string[] {
  const byId = new Map(info.screenings.map((s) => [s.id, s.title]));
  return list.screeningIds.map((id) => byId.get(id) ?? `#${id}`);
}
