# SPDX-License-Identifier: MIT
# shellcheck shell=bash
# Pass/fail bookkeeping shared by scripts/test-install.sh and scripts/test-deb.sh (sourced, not
# run): `ok MESSAGE` and `fail MESSAGE` print one line each under the name in $checks_name,
# `summary` prints "NAME: N passed, M failed" and returns non-zero when anything failed.
# Set by the sourcing script before it sources this file.
: "${checks_name:?set checks_name before sourcing scripts/test-checks.sh}"
passed=0
failed=0
ok() {
  echo "$checks_name: ok   $*"
  passed=$((passed + 1))
}
fail() {
  echo "$checks_name: FAIL $*" >&2
  failed=$((failed + 1))
}
summary() {
  echo "$checks_name: $passed passed, $failed failed"
  [ "$failed" -eq 0 ]
}
