#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# test_gtkw.sh BUILD_DIR -- the GTKWave save files show every decision by name.
# Prints ok/FAIL lines; artefacts (waveforms, screenshots, GTKWave logs) go to
# BUILD_DIR/gtkw/.  For each vcd/NAME.gtkw:
#   signals_exist  every signal it names is in NAME's cosim waveform;
#   matches_spec   it is what tools/gtkw_gen.py makes of vcd/NAME.gtkw.spec
#                  (checked when python3 is there);
#   filters        every translate filter exists and is keyed "<decimal> <name>";
#   formats        every filtered trace is displayed in decimal (the radix of
#                  the keys) and is a vector: a one-bit decision is written as
#                  a one-bit bundle `#{alias} sig`, since GTKWave draws a plain
#                  one-bit trace as a line and never translates it;
#   keys           every value a filtered signal takes in 20,000 cycles of
#                  co-simulation has a name in its filter;
#   screenshot     GTKWave opens the FST (made by tools/wave.sh, as `make
#                  demo` makes it) with the save file under Xvfb, reports no
#                  error, shows every trace of the file, shows a filter name
#                  (never a raw number) for each filtered trace at every one
#                  of the first 300 cycles, and writes BUILD_DIR/gtkw/NAME.png
#                  (File > Grab To File) -- look at it to see the names.
# test_gtkw.sh BUILD_DIR NAME... checks only those structures.
set -u
B=${1:-build}
shift
only=" $* "
W=$B/gtkw
mkdir -p "$W"
rc=0
ok()  { echo "ok $1"; }
bad() { echo "FAIL $1${2:+: $2}"; rc=1; }

# Names of a VCD's signals as GTKWave shows them: c.op_mask[31:0], c.ready.
vcd_names() {
  awk '/^\$scope/{s[++d]=$3} /^\$upscope/{d--}
    /^\$var/{n=""; for(i=1;i<=d;i++) n=n s[i] "."; print n $5 ($3>1 ? "[" $3-1 ":0]" : "")}
    /^\$enddefinitions/{exit}' "$1"
}

# One line per trace of a save file, in GTKWave's trace order (groups count):
#   <kind> <flags> <filter or -> <signal or group name>
# kind is + (signal), # (bundle) or - (group begin/end).
gtkw_traces() {
  awk '/^@/{flags=substr($0,2)} /^\^/{filt=$2}
    /^[+#]/{sig=$0; sub(/^[+#]\{[^}]*\} /,"",sig); print substr($0,1,1), flags, (filt==""?"-":filt), sig; filt=""}
    /^-/{print "-", flags, "-", substr($0,2); filt=""}' "$1"
}

for g in vcd/*.gtkw; do
  [ -f "$g" ] || continue
  s=$(basename "$g" .gtkw)
  [ "$only" = "  " ] || [[ "$only" == *" $s "* ]] || continue
  c=$B/cosim_$s
  if [ ! -x "$c" ]; then bad "gtkw_$s" "no $c"; continue; fi
  gtkw_traces "$g" >"$W/$s.traces"

  # ---- signals exist
  "$c" --cycles 300 --quiet --vcd "$W/$s.vcd" >"$W/$s.cosim.log" 2>&1
  names=$(vcd_names "$W/$s.vcd")
  missing=""
  while read -r kind _ _ sig; do
    [ "$kind" = "-" ] && continue
    grep -qxF "$sig" <<<"$names" || missing="$missing $sig"
  done <"$W/$s.traces"
  if [ -z "$missing" ]; then ok "gtkw_${s}_signals_exist"; else bad "gtkw_${s}_signals_exist" "$missing"; fi

  # ---- the committed save file is what its spec generates (needs Python)
  if [ -f "vcd/$s.gtkw.spec" ] && command -v python3 >/dev/null 2>&1; then
    if python3 tools/gtkw_gen.py "vcd/$s.gtkw.spec" "$W/$s.vcd" "$W/$s.gtkw" >"$W/$s.gen.log" 2>&1 &&
       cmp -s "$W/$s.gtkw" "$g"; then ok "gtkw_${s}_matches_spec"
    else bad "gtkw_${s}_matches_spec" "regenerate: tools/gtkw_gen.py vcd/$s.gtkw.spec $W/$s.vcd $g"; fi
  fi

  # ---- filter files
  badf=""
  for f in $(awk '$3 != "-" {print $3}' "$W/$s.traces" | sort -u); do
    if [ ! -f "$f" ]; then badf="$badf $f(missing)"; continue; fi
    if grep -vE '^(#|$)' "$f" | grep -qvE '^[0-9]+ [^ ].*$'; then badf="$badf $f(format)"; fi
  done
  if [ -z "$badf" ]; then ok "gtkw_${s}_filters"; else bad "gtkw_${s}_filters" "$badf"; fi

  # ---- display formats of filtered traces: translate bit 0x2000 and decimal
  # 0x4; none of hex 0x2, bin 0x8, oct 0x10, ascii 0x40, real 0x80, signed
  # 0x400 (keys are unsigned decimals); a vector or a bundle.
  badfmt=$(awk '
    function hex(s,   i, v) { v = 0; s = tolower(s); for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1; return v }
    function bit(f, b) { return int(f / b) % 2 }
    $3 != "-" {
      f = hex($2)
      if (!bit(f, 8192) || !bit(f, 4) || bit(f, 2) || bit(f, 8) || bit(f, 16) || bit(f, 64) || bit(f, 128) || bit(f, 1024))
        printf " %s(@%s)", $4, $2
      else if ($1 == "+" && $4 !~ /\[[0-9]+:0\]$/)
        printf " %s(one-bit:line)", $4
    }' "$W/$s.traces")
  nfilt=$(awk '$3 != "-"' "$W/$s.traces" | wc -l)
  if [ -z "$badfmt" ] && [ "$nfilt" -gt 0 ]; then ok "gtkw_${s}_formats ($nfilt filtered traces)"
  else bad "gtkw_${s}_formats" "${badfmt:- no filtered trace}"; fi

  # ---- every value a filtered signal takes has a key (20,000 cycles)
  awk '$3 != "-" {sig=$4; sub(/\[[0-9]+:0\]$/,"",sig); print sig, $3}' "$W/$s.traces" | sort -u >"$W/$s.watch"
  nokey=$("$c" --cycles 20000 --quiet --vcd /dev/fd/3 3>&1 >/dev/null 2>&1 | awk -v watch="$W/$s.watch" '
    function filterkeys(sig, f,   line, a) {
      while ((getline line < f) > 0)
        if (line !~ /^#/ && split(line, a, " ") >= 2) key[sig, a[1] + 0] = 1
      close(f)
    }
    function dec(b,   i, v) { v = 0; for (i = 1; i <= length(b); i++) v = v * 2 + (substr(b, i, 1) == "1"); return v }
    BEGIN { while ((getline wl < watch) > 0) { split(wl, p, " "); want[p[1]] = p[2]; filterkeys(p[1], p[2]) } }
    /^\$scope/ { sc[++d] = $3; next }
    /^\$upscope/ { d--; next }
    /^\$var/ { nm = ""; for (i = 1; i <= d; i++) nm = nm sc[i] "."; nm = nm $5; if (nm in want) ids[$4] = (ids[$4] == "" ? nm : ids[$4] SUBSEP nm); next }
    /^b/ { id = $2; v = dec(substr($1, 2)) }
    /^[01]/ { id = substr($0, 2); v = substr($0, 1, 1) + 0 }
    /^b/ || /^[01]/ {
      if (id in ids) { k = split(ids[id], nms, SUBSEP); for (j = 1; j <= k; j++) if (!((nms[j], v) in key) && !((nms[j], v) in told)) { told[nms[j], v] = 1; printf " %s=%d(%s)", nms[j], v, want[nms[j]] } }
    }')
  if [ -z "$nokey" ]; then ok "gtkw_${s}_keys"; else bad "gtkw_${s}_keys" "no name for$nokey"; fi

  # ---- screenshot under Xvfb, from the FST the demo writes
  rm -f "$W/$s.fst" "$W/$s.png"
  if ! tools/wave.sh "$c" "$W/$s.fst" --cycles 300 --quiet >"$W/$s.wave.log" 2>&1; then
    bad "gtkw_${s}_screenshot" "tools/wave.sh failed, see $W/$s.wave.log"; continue
  fi
  cat >"$W/$s.tcl" <<EOF
set n [gtkwave::getTotalNumTraces]
puts "TRACES \$n"
for {set c 0} {\$c < 300} {incr c} {
  gtkwave::setMarker [expr {\$c * 10 + 5}]
  for {set i 0} {\$i < \$n} {incr i} {
    if {[gtkwave::getTraceFlagsFromIndex \$i] & 0x2000} {
      puts "VALUE \$i \$c [gtkwave::getTraceValueAtMarkerFromIndex \$i]"
    }
  }
}
gtkwave::setMarker 45
gtkwave::/File/Grab_To_File $W/$s.png
gtkwave::/File/Quit
EOF
  timeout 300 xvfb-run -a -s "-screen 0 1700x1000x24" gtkwave -S "$W/$s.tcl" "$W/$s.fst" "$g" \
    >"$W/$s.gtkwave.log" 2>&1
  grc=$?
  problems=""
  [ $grc -eq 0 ] || problems="$problems exit=$grc"
  # GTKWave's own messages: only these are expected
  errs=$(grep -E '^(GTKWAVE|FSTLOAD|VCDLOAD) *\|' "$W/$s.gtkwave.log" |
    grep -vE "Executing Tcl script|Filename '|FSTLOAD \| (Processing|Built|Building|Sorting)" | head -n 3)
  [ -z "$errs" ] || problems="$problems gtkwave said: $errs"
  want_n=$(wc -l <"$W/$s.traces")
  got_n=$(sed -n 's/^TRACES //p' "$W/$s.gtkwave.log")
  [ "$got_n" = "$want_n" ] || problems="$problems traces shown=${got_n:-none} in file=$want_n"
  raw=$(awk -v traces="$W/$s.traces" '
    BEGIN { i = 0
      while ((getline tl < traces) > 0) { split(tl, p, " "); filt[i] = p[3]; sig[i] = p[4]; i++
        if (p[3] != "-" && !(p[3] in loaded)) { loaded[p[3]] = 1
          while ((getline line < p[3]) > 0) if (line !~ /^#/ && split(line, a, " ") >= 2) { nm = line; sub(/^[0-9]+ /, "", nm); name[p[3], nm] = 1 }
          close(p[3]) } } }
    /^VALUE / { i = $2; v = $0; sub(/^VALUE [0-9]+ [0-9]+ /, "", v); seen++
      if (!((filt[i], v) in name) && !(i in told)) { told[i] = 1; printf " %s=\"%s\"@cycle%s", sig[i], v, $3 } }
    END { if (!seen) printf " no filtered value read" }' "$W/$s.gtkwave.log")
  [ -z "$raw" ] || problems="$problems not a name:$raw"
  if [ ! -s "$W/$s.png" ] || [ "$(head -c 4 "$W/$s.png" | od -An -c | tr -d ' ')" != '211PNG' ]; then
    problems="$problems no PNG written"
  fi
  if [ -z "$problems" ]; then ok "gtkw_${s}_screenshot ($W/$s.png)"
  else bad "gtkw_${s}_screenshot" "$problems (log $W/$s.gtkwave.log)"; fi
done
exit $rc
