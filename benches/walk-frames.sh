#!/usr/bin/env bash
# walk-frames: how a walk in single-player paces its frames, on a virtual display.
#
# usage: benches/walk-frames.sh BIN [FRAMES] [RENDER_DISTANCE] [walk|fly]
#
# Starts BIN (a release `hewn`) on a virtual X display (Xvfb; lavapipe where there is no GPU) in
# a new unsaved world of seed 7, holds W from the moment the window is up until BIN has drawn
# FRAMES frames (default 900, about a minute on lavapipe at render distance 8), and prints the
# frame times of the walk (p50, p99 and the longest, in milliseconds), then the same of the
# session's share of each frame (`Session::advance`: its ticks, streaming, what it heard). The first 5 seconds'
# frames (the view loading) are left out. With `fly`, the player first takes off (Space twice,
# then held for a second) and flies straight at a steady height, so no hill or sea stops it and
# new columns keep coming into view. Needs Xvfb and xdotool (../shared/tools/xshot installs
# them). Only processes this script starts are stopped, by pid.
set -u
bin=${1:?usage: walk-frames.sh BIN [FRAMES] [RENDER_DISTANCE]}
frames=${2:-900}
distance=${3:-8}
how=${4:-walk}
times=$(mktemp)
disp=$((100 + RANDOM % 800))
while [[ -e /tmp/.X$disp-lock ]]; do disp=$((disp + 1)); done
Xvfb ":$disp" -screen 0 1280x720x24 -nolisten tcp >/dev/null 2>&1 &
xpid=$!
trap 'kill $xpid 2>/dev/null; rm -f "$times"' EXIT
for _ in $(seq 50); do [[ -e /tmp/.X11-unix/X$disp ]] && break; sleep 0.1; done
export DISPLAY=":$disp" XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-/tmp}
"$bin" --seed 7 --render-distance "$distance" --frames "$frames" --frame-times "$times" \
  --audio off >/dev/null 2>&1 &
gpid=$!
win=
for _ in $(seq 100); do
  win=$(xdotool search --onlyvisible --name '.' 2>/dev/null | head -1)
  [[ -n $win ]] && break
  sleep 0.1
done
[[ -n $win ]] && xdotool windowfocus --sync "$win" 2>/dev/null
if [[ $how == fly ]]; then
  sleep 3
  xdotool key --delay 120 space space
  xdotool keydown space
  sleep 1
  xdotool keyup space
fi
xdotool keydown w
# Bounded: a run that hangs is stopped after ten minutes.
for _ in $(seq 6000); do kill -0 $gpid 2>/dev/null || break; sleep 0.1; done
kill $gpid 2>/dev/null
wait $gpid 2>/dev/null
xdotool keyup w 2>/dev/null
python3 - "$times" <<'PY'
import sys
rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
t, frames, sessions = 0.0, [], []
for row in rows:
    t += float(row[0])
    if t > 5000:
        frames.append(float(row[0]))
        sessions.append(float(row[1]) if len(row) > 1 else 0.0)
if not frames:
    sys.exit("walk-frames: no frames written")
def summary(values):
    s = sorted(values)
    at = lambda q: s[round((len(s) - 1) * q)]
    return f"p50 {at(0.5):.1f} ms, p99 {at(0.99):.1f} ms, longest {s[-1]:.1f} ms"
print(f"{len(frames)} frames over {sum(frames) / 1000:.1f} s: {summary(frames)}; "
      f"session: {summary(sessions)}")
PY
