/** MyFestivals: the signed-in user's festivals with their review status (being built, issue 4). */
export function MyFestivals() {
  return null;
}
