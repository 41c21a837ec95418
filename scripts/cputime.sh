#!/usr/bin/env bash
# cputime.sh CMD [ARGS...] runs CMD and then prints, on standard error, its
# wall time and the machine's busy CPU seconds over that time (from
# /proc/stat: everything the cores did, the command's children included, so
# run it on an otherwise idle machine). README "Two commands" gives the
# figures of make test's parts measured with it.
set -u
busy() { awk '/^cpu /{print $2+$3+$4+$7+$8+$9}' /proc/stat; }
b1=$(busy); s1=$(date +%s.%N)
"$@"; rc=$?
b2=$(busy); s2=$(date +%s.%N)
hz=$(getconf CLK_TCK)
awk -v s1="$s1" -v s2="$s2" -v b1="$b1" -v b2="$b2" -v hz="$hz" -v rc="$rc" \
  'BEGIN { printf "cputime: exit %d, wall %.1f s, busy CPU %.0f s\n", rc, s2 - s1, (b2 - b1) / hz }' >&2
exit "$rc"
