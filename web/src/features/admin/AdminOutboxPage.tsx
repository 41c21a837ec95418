/** AdminOutboxPage: being built (issue 4). */
export default function AdminOutboxPage() {
  return null;
}
