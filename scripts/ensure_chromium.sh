#!/bin/sh
# `make test` runs this first: the browser journeys (tests/browser) need Debian's chromium, since
# Playwright cannot download its own browser here. Missing: install the package when this is
# root with apt-get, else stop and say which package. Skipping the journeys takes an explicit
# CITENEXUS_SKIP_BROWSER=1 (tests/browser/conftest.py then skips them, and says so).
set -u
CHROMIUM="${CITENEXUS_CHROMIUM:-/usr/bin/chromium}"
PACKAGE=chromium

case "${CITENEXUS_SKIP_BROWSER:-}" in
  1 | true | yes)
    echo "CITENEXUS_SKIP_BROWSER=${CITENEXUS_SKIP_BROWSER}: the browser journeys will be skipped."
    exit 0 ;;
esac
[ -x "$CHROMIUM" ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's $PACKAGE for the browser journeys (apt-get install $PACKAGE)..."
  if apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$PACKAGE"; then
    [ -x "$CHROMIUM" ] && exit 0
  fi
  echo "apt-get did not provide $CHROMIUM." >&2
fi
{
  echo "The browser journeys need Debian's package '$PACKAGE' ($CHROMIUM is missing)."
  echo "Install it as root:   apt-get install $PACKAGE"
  echo "or skip the journeys on purpose:   CITENEXUS_SKIP_BROWSER=1 make test"
} >&2
exit 1
