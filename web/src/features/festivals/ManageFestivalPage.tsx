/** ManageFestivalPage: being built (issue 4). */
export default function ManageFestivalPage() {
  return null;
}
