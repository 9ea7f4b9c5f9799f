# v0.18 call 4: the tables with L2 prefetch one step ahead (16-bit plain row norms and
# GroupNorm's 16-bit rows path) against d1e8c99 (EVEN and the FMA forms, no prefetch;
# its src carried as .whl/base/src), GPU time (sweep_coop.py, library defaults),
# processes base, new, base, new: bf16 / fp16, fwd / bwd, 16K-1M. Then, one step
# ahead, 16-bit LayerNorm backward configs (two processes) and fp32 configs (one).
export PYTHONUNBUFFERED=1
W=/tmp/c4; mkdir -p $W
pack() { tar czf $OUT/call4.tgz -C /tmp c4; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv > $W/gpu.txt 2>&1
B=$PWD/.whl/base/src; NEW=$PWD/src
S="SWEEP_MODES=fwd,bwd SWEEP_N=16384,65536,262144,1048576 SWEEP_DTYPES=bf16,fp16 SWEEP_OPS=ln,rms SWEEP_FWD=default SWEEP_BWD=default"
L="SWEEP_MODES=bwd SWEEP_N=16384,65536,262144,1048576 SWEEP_DTYPES=bf16 SWEEP_OPS=ln SWEEP_BWD=default;2048/4/5/1/1/2/1;2048/4/4/1/1/0/1;2048/4/5/1/1/0/1;4096/4/2/1/1/0/1;4096/4/2/1/1/2/1;8192/8/1/1/1/0/1;8192/8/1/1/1/2/1;8192/16/1/1/1/0/1"
F="SWEEP_MODES=fwd SWEEP_N=65536,262144,1048576 SWEEP_DTYPES=fp32 SWEEP_OPS=ln,rms SWEEP_FWD=default;8192/8/1/1/2/0/1;8192/8/1/1/1/0/1;4096/4/4/1/1/0/1;4096/8/2/1/1/0/1;2048/4/8/1/1/0/1;16384/16/1/1/1/0/1"
G="SWEEP_MODES=bwd SWEEP_N=16384,65536,262144,1048576 SWEEP_DTYPES=fp32 SWEEP_OPS=ln,rms SWEEP_BWD=default;2048/8/3/1/1/1/1;2048/4/4/1/1/0/1;2048/8/2/1/1/0/1;4096/8/1/1/1/0/1;1024/4/7/1/1/0/1;8192/8/1/1/1/0/1;8192/16/1/1/1/1/1"
run() { local name=$1 src=$2 t=$3; shift 3; env PYTHONPATH=$src "$@" timeout -s INT $t python benchmarks/sweep_coop.py $W/$name.json > $W/$name.log 2>&1; }
run wb $B 200 SWEEP_WARM=1 $S & run wn $NEW 200 SWEEP_WARM=1 $S &
run wl $NEW 200 SWEEP_WARM=1 $L & run wf $NEW 200 SWEEP_WARM=1 $F & run wg $NEW 200 SWEEP_WARM=1 $G &
wait; pack; echo warm $SECONDS
for i in a b; do run base_$i $B 80 $S; pack; run new_$i $NEW 80 $S; pack; done
run l_a $NEW 80 $L; pack; run l_b $NEW 80 $L; pack
run f_a $NEW 80 $F; pack
run g_a $NEW 110 $G; pack
python - $W <<'PY'
import json, sys, os
W = sys.argv[1]
def load(n):
    p = os.path.join(W, n + ".json")
    if not os.path.exists(p): return {}
    return {(r["op"], r["dtype"][6:], r["mode"], r["n"]): (r["pct"], r["ok"]) for r in json.load(open(p))["rows"]}
names = ["base_a", "new_a", "base_b", "new_b"]
ds = [load(n) for n in names]
print("== defaults", " ".join(names))
for k in sorted(set().union(*[d.keys() for d in ds]), key=str):
    print(f"{k[0]:10s} {k[1]:8s} {k[2]} {k[3]:>7}", " ".join(f"{d[k][0]:5.1f}{'' if d[k][1] else '!'}" if k in d else "  -  " for d in ds))
PY
for f in l_a l_b f_a g_a; do echo "== $f"; grep -v "^$" $W/$f.log | cut -c1-110; done
echo SECONDS $SECONDS
