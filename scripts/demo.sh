#!/usr/bin/env bash
# The GestureBridge demo: installs what is missing, builds gesture-bridge in release mode, and
# replays the bundled example recordings through the default scene, printing the gestures
# recognized in each.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
swift build -c release --product gesture-bridge
bin="$(swift build -c release --show-bin-path)/gesture-bridge"

for name in tap double-tap two-finger-tap long-press swipe-left swipe-right pan edge-pan \
  pinch rotation palm; do
  recording="Examples/recordings/$name.yml"
  echo
  echo "== gesture-bridge replay $recording"
  # Continuous gestures print a line per frame; show the first and last few.
  "$bin" replay "$recording" | awk '
    { lines[NR] = $0 }
    END {
      if (NR == 0) { print "(no gesture recognized)"; exit }
      for (i = 1; i <= NR; i++) {
        if (NR <= 8 || i <= 3 || i > NR - 3) print lines[i]
        else if (i == 4) printf "... (%d more lines)\n", NR - 6
      }
    }'
done

echo
echo "== the same tap as JSON Lines (--format json)"
"$bin" replay --format json Examples/recordings/tap.yml
